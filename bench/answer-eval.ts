/**
 * Answer quality of the extractive answerer: seeds a fresh chatbot-api with the demo court site and
 * with the ADA.gov fixture site, asks each site's evaluation questions over HTTP, and prints for
 * each question the first cited page, whether it is an expected page, readability problems and the
 * start of the answer, then the hit rate. Prints figures; asserts nothing (eval.test.ts does).
 *
 *   pnpm --filter @amicus/bench answer-eval             # both sites
 *   pnpm --filter @amicus/bench answer-eval -- --full   # print whole answers
 */
import { fileURLToPath } from 'node:url';
import {
  ADA_SITE_CASES,
  askChatbot,
  DEMO_SITE_CASES,
  type EvalCase,
  hitRate,
} from '../apps/chatbot-api/src/answer/eval-set.js';
import { startTestChatbotApi } from '../apps/chatbot-api/src/testing.js';
import { ADA_SITE_DIR } from '../apps/chatbot-api/test/fixtures/paths.js';

const DEMO_SITE_DIR = fileURLToPath(new URL('../apps/demo-site/public', import.meta.url));
const full = process.argv.includes('--full');

async function evaluate(name: string, seedDir: string, cases: readonly EvalCase[]): Promise<void> {
  const api = await startTestChatbotApi({ seedDir, seedBaseUrl: 'https://site.example' });
  try {
    const outcomes = [];
    for (const c of cases) outcomes.push(await askChatbot(api, c));
    console.log(`\n== ${name}`);
    for (const o of outcomes) {
      const expected = o.case.expected.length > 0 ? o.case.expected.join(' ') : 'not covered';
      const problems = o.problems.length > 0 ? `  !! ${o.problems.join('; ')}` : '';
      console.log(`${o.hit ? 'HIT ' : 'MISS'} ${o.case.question}`);
      console.log(`     cited ${o.topPath ?? '-'} (expected ${expected})${problems}`);
      const text = o.content.replace(/\n/g, ' ⏎ ');
      console.log(`     ${full ? text : text.slice(0, 160)}`);
    }
    const covered = outcomes.filter((o) => o.case.expected.length > 0);
    const uncovered = outcomes.filter((o) => o.case.expected.length === 0);
    const clean = outcomes.filter((o) => o.problems.length === 0).length;
    console.log(
      `${name}: hit rate ${(hitRate(outcomes) * 100).toFixed(1)} % of ${covered.length} covered questions; ` +
        `${uncovered.filter((o) => o.hit).length}/${uncovered.length} uncovered questions declined; ` +
        `${clean}/${outcomes.length} answers without problems`,
    );
  } finally {
    await api.close();
  }
}

await evaluate('demo court site', DEMO_SITE_DIR, DEMO_SITE_CASES);
await evaluate('ADA.gov fixture', ADA_SITE_DIR, ADA_SITE_CASES);
