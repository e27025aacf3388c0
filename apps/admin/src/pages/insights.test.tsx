// @vitest-environment happy-dom

import type { WireInsights } from '@amicus/protocol/admin';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test/render.js';
import { InsightsPage } from './insights.js';

let cleanup = () => {};
afterEach(() => cleanup());

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

const FEES = { documentId: 'd1', title: 'Fees', url: 'https://court.example/fees' };
const report = (over: Partial<WireInsights> = {}): WireInsights => ({
  from: '2026-10-25T00:00:00.000Z',
  to: '2026-11-24T00:00:00.000Z',
  bucket: 'day',
  transcripts: true,
  totals: { declined: 2, down: 1, up: 4 },
  series: [
    { period: '2026-11-22', declined: 1, down: 0, up: 2 },
    { period: '2026-11-23', declined: 1, down: 1, up: 2 },
  ],
  pages: [{ ...FEES, down: 1, up: 3 }],
  groups: [
    {
      label: 'Can I bring my dog?',
      count: 2,
      declined: 2,
      down: 0,
      questions: ['Can I bring my dog?', 'dog in the courthouse'],
      comments: [],
      pages: [],
      last: '2026-11-23T09:00:00.000Z',
    },
    {
      label: 'How much is the filing fee?',
      count: 1,
      declined: 0,
      down: 1,
      questions: ['How much is the filing fee?'],
      comments: ['Nothing about waivers'],
      pages: [FEES],
      last: '2026-11-23T10:00:00.000Z',
    },
  ],
  ...over,
});

describe('InsightsPage', () => {
  it('shows similar questions grouped, the pages cited and the counts over time', async () => {
    const r = await renderWithApi(<InsightsPage />, { 'GET /insights': report() });
    cleanup = r.cleanup;
    await settle();
    expect(r.calls[0]?.url).toBe('/admin/api/insights?days=30&bucket=day');
    expect(r.root.querySelector('[role="status"]')?.textContent).toBe(
      '2 questions not answered, 1 answer rated thumbs down and 4 thumbs up.',
    );
    const groups = [...r.root.querySelectorAll('section[aria-label="Similar questions"] tbody tr')];
    expect(groups.map((tr) => tr.querySelector('th')?.firstChild?.textContent)).toEqual([
      'Can I bring my dog?',
      'How much is the filing fee?',
    ]);
    expect(groups[0]?.textContent).toContain('1 other wording');
    expect(groups[1]?.textContent).toContain('Nothing about waivers');
    const fees = r.root.querySelector<HTMLAnchorElement>('section[aria-label="Ratings by cited page"] a');
    expect(fees?.href).toBe('https://court.example/fees');
    const days = [...r.root.querySelectorAll('section[aria-label="Counts over time"] tbody tr')];
    expect(days.map((tr) => tr.textContent)).toEqual(['2026-11-22102', '2026-11-23112']);
  });

  it('asks for another period and links the CSV of the period shown', async () => {
    const r = await renderWithApi(<InsightsPage />, { 'GET /insights': report() });
    cleanup = r.cleanup;
    await settle();
    const select = r.root.querySelector<HTMLSelectElement>('#insights-bucket');
    const days = r.root.querySelector<HTMLSelectElement>('#insights-days');
    await act(async () => {
      if (!select || !days) throw new Error('no select');
      select.value = 'week';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      days.value = '90';
      days.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => r.root.querySelector('form')?.requestSubmit());
    await settle();
    expect(r.calls.at(-1)?.url).toBe('/admin/api/insights?days=90&bucket=week');
    const csv = [...r.root.querySelectorAll('a')].find((a) => a.textContent === 'Download CSV');
    expect(csv?.getAttribute('href')).toBe('/admin/api/insights/export?days=90&bucket=week');
    expect(r.root.textContent).toContain('Week of');
  });

  it('says why there are no texts when transcripts are off', async () => {
    const r = await renderWithApi(<InsightsPage />, {
      'GET /insights': report({ transcripts: false, groups: [] }),
    });
    cleanup = r.cleanup;
    await settle();
    expect(r.root.textContent).toContain('Question texts are kept only when transcripts are on');
    expect(r.root.textContent).toContain('Fees');
  });
});
