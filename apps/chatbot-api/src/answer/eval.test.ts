import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { askChatbot, DEMO_SITE_CASES, type EvalOutcome, hitRate } from './eval-set.js';

// The demo court site is what the public asks about; `pnpm --filter @amicus/bench answer-eval`
// prints the same evaluation question by question.
const DEMO_SITE_DIR = fileURLToPath(new URL('../../../demo-site/public', import.meta.url));

describe('extractive answers on the demo court site', () => {
  let api: TestChatbotApi;
  let outcomes: EvalOutcome[];

  beforeAll(async () => {
    api = await startTestChatbotApi({ seedDir: DEMO_SITE_DIR, seedBaseUrl: 'https://court.example' });
    outcomes = [];
    for (const c of DEMO_SITE_CASES) outcomes.push(await askChatbot(api, c));
  });
  afterAll(() => api?.close());

  const covered = () => outcomes.filter((o) => o.case.expected.length > 0);
  const uncovered = () => outcomes.filter((o) => o.case.expected.length === 0);
  const misses = () =>
    covered()
      .filter((o) => !o.hit)
      .map((o) => `${o.case.question} → ${o.topPath}`);

  it('first cites an expected page for at least 85 % of the covered questions', () => {
    expect(covered().length).toBeGreaterThanOrEqual(25);
    expect(hitRate(outcomes), misses().join('\n')).toBeGreaterThanOrEqual(0.85);
  });

  it('cites at least one source for every covered question', () => {
    const bare = covered()
      .filter((o) => o.citations.length === 0)
      .map((o) => o.case.question);
    expect(bare).toEqual([]);
  });

  it('says an uncovered question is not covered, in its language, with no citations', () => {
    expect(uncovered().length).toBeGreaterThanOrEqual(3);
    for (const o of uncovered()) {
      expect(o.citations, o.case.question).toEqual([]);
      expect(o.content, o.case.question).toMatch(
        o.case.language === 'es' ? /^No encontré/ : /^I couldn't find/,
      );
    }
  });

  it('gives readable answers whose every [Source N] marker has its citation', () => {
    // judge() flags markers without a citation, sentence fragments, navigation text and length.
    const problems = outcomes.flatMap((o) => o.problems.map((p) => `${o.case.question}: ${p}`));
    expect(problems).toEqual([]);
    for (const o of outcomes) {
      const markers = new Set([...o.content.matchAll(/\[Source (\d+)\]/g)].map((m) => Number(m[1])));
      expect(new Set(o.citations.map((c) => c.source_index)), o.case.question).toEqual(markers);
    }
  });
});
