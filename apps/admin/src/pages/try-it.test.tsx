// @vitest-environment happy-dom

import type { WireTryResult } from '@amicus/protocol/admin';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, submit, typeInto } from '../../test/render.js';
import { TryItPage } from './try-it.js';

let cleanup = () => {};
afterEach(() => {
  cleanup();
  // The page boots the real widget script once it knows the origin is allowed; not wanted here.
  for (const s of document.querySelectorAll('script[src$="/widget.js"]')) s.remove();
});

const EXPLAINED: WireTryResult = {
  answer: 'Bring your summons and a photo ID. [Source 1]',
  citations: [
    {
      index: 1,
      title: 'Jury duty',
      url: 'https://court.example/jury/',
      preview: 'What to bring',
      document_id: 'd1',
      chunk_index: 2,
    },
  ],
  explanation: {
    language: 'en',
    intents: ['list'],
    follow_up: false,
    concepts: [
      { key: 'jury', label: null, weight: 2.5, known: true, corrected: null },
      { key: 'g7', label: 'bring / take', weight: 1.1, known: false, corrected: 'bring' },
    ],
    passages: [
      {
        title: 'Jury duty',
        source: 'https://court.example/jury/',
        headings: ['Jury duty', 'What to bring'],
        score: 0.8123,
        coverage: 1,
        matched: ['jury', 'g7'],
        missing: [],
        sections: [{ headings: ['Jury duty', 'Parking'], score: 0.61, coverage: 0.5, missing: ['g7'] }],
      },
    ],
    outcome: 'answered',
    reason: 'best passage covers the question',
  },
};

async function ask(routes: Record<string, unknown>, question: string) {
  const r = await renderWithApi(<TryItPage />, {
    'GET /settings/origins': { configured: [], stored: [], effective: [] },
    ...routes,
  });
  cleanup = r.cleanup;
  await typeInto(r.root.querySelector('#try-question'), question);
  await submit(r.root.querySelector('#try-question')?.closest('form') ?? null);
  await act(async () => {
    await new Promise((res) => setTimeout(res, 0));
  });
  return r;
}

describe('TryItPage: see why it answers so', () => {
  it('keeps the real widget and adds a form that sends the question to POST /try', async () => {
    const r = await ask({ 'POST /try': EXPLAINED }, 'What should I bring for jury duty?');
    expect(r.root.textContent).toMatch(/Allow the chat on this admin site/);
    expect(r.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/admin/api/try',
      body: { question: 'What should I bring for jury duty?' },
    });
  });

  it('shows the answer, its sources, the passages with scores, the intent, the concepts and the reason', async () => {
    const r = await ask({ 'POST /try': EXPLAINED }, 'What should I bring for jury duty?');
    const text = r.root.textContent ?? '';
    expect(text).toContain('Bring your summons and a photo ID.');
    expect(text).toContain('Answered from the knowledge base');
    expect(text).toContain('best passage covers the question');
    expect(text).toContain('list');
    const passages = r.root.querySelector('table[aria-labelledby="try-passages-h"]');
    const cells = [...(passages?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent);
    expect(cells).toEqual([
      '1',
      'Jury duty',
      'Jury duty › What to bring1 other section of this pageJury duty › Parking: score 0.610, coverage 50 %, missing bring / take',
      '0.812',
      '100 %',
      'jury, bring / take',
      '—',
    ]);
    // The page's other sections, which the quoted one was chosen over, behind a disclosure.
    expect(passages?.querySelector('details > summary')?.textContent).toBe('1 other section of this page');
    const concepts = r.root.querySelector('table[aria-labelledby="try-concepts-h"]');
    expect(concepts?.textContent).toContain('bring');
    expect(
      [...(concepts?.querySelectorAll('th') ?? [])].every((th) => th.getAttribute('scope') === 'col'),
    ).toBe(true);
  });

  it('says the explanation needs the embedded chatbot-api when the upstream sent none', async () => {
    const r = await ask({ 'POST /try': { answer: 'Hello.', citations: [], explanation: null } }, 'Hi');
    expect(r.root.textContent).toMatch(/only available when the relay uses the embedded chatbot-api/);
    expect(r.root.querySelector('table')).toBeNull();
  });

  it('asks for a question instead of sending an empty one', async () => {
    const r = await ask({}, '   ');
    expect(r.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(r.root.querySelector('#try-question-error')?.textContent).toMatch(/Type a question/);
  });
});
