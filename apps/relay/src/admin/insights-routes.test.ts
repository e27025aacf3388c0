import type { WireCitation } from '@amicus/protocol';
import type { WireInsights } from '@amicus/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackStore } from '../feedback/feedback-store.js';
import { type AdminFixture, startAdminFixture } from './testing/fixture.js';

let fx: AdminFixture;
let headers: Record<string, string>;

const cite = (documentId: string, title: string, url: string | null): WireCitation => ({
  index: 1,
  title,
  url,
  preview: '',
  documentId,
  chunkIndex: 0,
});
const FEES = cite('11111111-1111-4111-8111-111111111111', 'Fees', 'http://court.example/fees');
const JURY = cite('22222222-2222-4222-8222-222222222222', 'Jury duty', 'http://court.example/jury');

beforeAll(async () => {
  fx = await startAdminFixture({ env: { TRANSCRIPTS: 'true' } });
  fx.clock.now = new Date('2026-11-23T12:00:00Z');
  headers = await fx.session();
  const store = new FeedbackStore(fx.deps.sql, fx.deps.config.transcripts);
  const day = (n: number) => new Date(Date.UTC(2026, 10, 23 - n, 9));
  await store.recordDeclined('c1', 'Can I bring my dog to court?', day(0));
  await store.recordDeclined('c2', 'can I bring my dog into the court', day(1));
  await store.recordDeclined('c3', 'Where do I park?', day(8));
  const rate = (id: string, rating: 'up' | 'down', citations: WireCitation[], question: string, at: Date) =>
    store.rate({ conversationId: id, messageIndex: 1, rating, citations, question, comment: null, at });
  await rate('c4', 'down', [FEES], 'How much is the filing fee?', day(0));
  await rate('c5', 'down', [FEES, JURY], '=HYPERLINK("x") how much is the filing fee', day(2));
  await rate('c6', 'up', [JURY], 'What is jury duty?', day(2));
  await store.rate({
    conversationId: 'c4',
    messageIndex: 3,
    rating: 'down',
    citations: [FEES],
    question: 'filing fee waiver',
    comment: 'Nothing about waivers',
    at: day(40),
  });
});
afterAll(() => fx?.close());

const get = (path: string) => fetch(`${fx.baseUrl}${path}`, { headers });

describe('GET /admin/api/insights', () => {
  it('groups declined questions and thumbs-down answers by similarity, largest first', async () => {
    const res = await get('/insights?days=30');
    expect(res.status).toBe(200);
    const report = (await res.json()) as WireInsights;
    expect(report.transcripts).toBe(true);
    expect(report.totals).toEqual({ declined: 3, down: 2, up: 1 });
    expect(report.groups.map((g) => g.count)).toEqual([2, 2, 1]);
    const dogs = report.groups.find((g) => g.label === 'Can I bring my dog to court?');
    expect(dogs).toMatchObject({ declined: 2, down: 0, pages: [] });
    expect(dogs?.questions).toEqual(['Can I bring my dog to court?', 'can I bring my dog into the court']);
    const fees = report.groups.find((g) => g.down === 2);
    expect(fees?.pages.map((p) => p.title).sort()).toEqual(['Fees', 'Jury duty']);
    expect(report.groups[2]).toMatchObject({ label: 'Where do I park?', count: 1, declined: 1 });
  });

  it('counts rated answers by cited page', async () => {
    const report = (await (await get('/insights')).json()) as WireInsights;
    expect(report.pages.map((p) => [p.title, p.down, p.up])).toEqual([
      ['Fees', 2, 0],
      ['Jury duty', 1, 1],
    ]);
  });

  it('gives counts per day or per week over the whole range', async () => {
    const daily = (await (await get('/insights?days=14&bucket=day')).json()) as WireInsights;
    expect(daily.series).toHaveLength(14);
    expect(daily.series.at(-1)).toEqual({ period: '2026-11-23', declined: 1, down: 1, up: 0 });
    const weekly = (await (await get('/insights?days=14&bucket=week')).json()) as WireInsights;
    // 2026-11-23 is a Monday: its week has one declined question and one thumbs-down.
    expect(weekly.series.at(-1)).toEqual({ period: '2026-11-23', declined: 1, down: 1, up: 0 });
    expect(weekly.series.reduce((n, s) => n + s.declined + s.down + s.up, 0)).toBe(6);
  });

  it('answers 400 naming a bad parameter', async () => {
    for (const [query, param] of [
      ['days=0', 'days'],
      ['days=abc', 'days'],
      ['bucket=month', 'bucket'],
    ]) {
      const res = await get(`/insights?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param);
    }
  });

  it('is for signed-in staff only', async () => {
    expect((await fetch(`${fx.baseUrl}/insights`)).status).toBe(401);
    expect((await fetch(`${fx.baseUrl}/insights/export`)).status).toBe(401);
  });
});

describe('GET /admin/api/insights/export', () => {
  it('downloads every event as CSV, spreadsheet formulas defused, and audits the export', async () => {
    const res = await get('/insights/export?days=60');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="what-people-ask-.*\.csv"/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('kind,at,question,comment,group,cited_titles,cited_urls');
    expect(lines).toHaveLength(8);
    expect(lines).toContain(
      'down,2026-10-14T09:00:00.000Z,filing fee waiver,Nothing about waivers,filing fee waiver,Fees,http://court.example/fees',
    );
    const formula = lines.find((l) => l.includes('HYPERLINK'));
    expect(formula).toContain(`"'=HYPERLINK(""x"") how much is the filing fee"`);
    const audit = (await (await get('/audit?action=insights.export')).json()) as {
      data: { actor: string; detail: { rows: number } }[];
    };
    expect(audit.data[0]).toMatchObject({ actor: fx.deps.config.admin.user, detail: { rows: 7 } });
  });
});
