/**
 * `npm run eval`: answer quality on several real sites, from questions written the way the public
 * asks (eval/questions). Prints figures; asserts nothing.
 *
 *   --verbose        one line per question
 *   --json FILE      write every figure and per-question result to FILE
 *   --site NAME      only this site (repeatable)
 *   --explain ID     also print why question ID was answered so: its concepts, the passages
 *                    retrieved with their scores, the outcome and the reason (repeatable)
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadQuestionSets } from './question-set.js';
import { formatQuestion, formatSite } from './report.js';
import { runSite, type SiteRun } from './run-site.js';

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(evalDir, '..');

const { values } = parseArgs({
  // pnpm passes the "--" of `pnpm run eval -- --verbose` on to the script.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    site: { type: 'string', multiple: true },
    explain: { type: 'string', multiple: true },
  },
});

const phrases = JSON.parse(await readFile(join(evalDir, 'data', 'legal-advice-phrases.json'), 'utf8')) as {
  phrases: Record<string, string[]>;
};
const legalAdvicePhrases = Object.values(phrases.phrases).flat();
const sets = (await loadQuestionSets(join(evalDir, 'questions'))).filter(
  (s) => values.site === undefined || values.site.includes(s.site),
);

const runs: SiteRun[] = [];
for (const set of sets) {
  const run = await runSite(set, {
    siteDir: resolve(repoRoot, set.root),
    legalAdvicePhrases,
    explain: new Set(values.explain ?? []),
    onProgress: (m) => console.error(`› ${m}`),
  });
  runs.push(run);
}

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {
  // Not a git checkout: the figures still stand, only unlabelled.
}
console.log(`\nAnswer-quality eval, ${new Date().toISOString()}, commit ${commit}\n`);
for (const heldout of [false, true]) {
  const group = runs.filter((r) => r.figures.heldout === heldout);
  if (group.length === 0) continue;
  if (heldout) console.log('Held-out sets (never used to tune anything):\n');
  for (const run of group) {
    console.log(formatSite(run.figures));
    if (values.verbose) for (const r of run.results) console.log(formatQuestion(r));
    for (const r of run.results) {
      if (r.explanation !== undefined)
        console.log(`${r.id} explained:\n${JSON.stringify(r.explanation, null, 1)}`);
    }
    console.log('');
  }
}
if (values.json !== undefined) {
  // pnpm runs this in eval/; a relative path means where the user typed `npm run eval`.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), values.json);
  const out = { date: new Date().toISOString(), commit, sites: runs };
  await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  console.error(`› wrote ${file}`);
}
