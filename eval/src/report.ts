import { MISS_KINDS, type MissKind } from './diagnose.js';
import type { QuestionResult } from './scoring.js';

export interface Rate {
  n: number;
  hits: number;
}

export interface SiteFigures {
  site: string;
  heldout: boolean;
  pagesIndexed: number;
  answerable: { hitAt3: Rate; keyFact: Rate; declined: Rate };
  spanish: { hitAt3: Rate; keyFact: Rate };
  followUp: { hitAt3: Rate; keyFact: Rate };
  outOfScopeDeclined: Rate;
  legalAdviceFlagged: Rate;
  /** Answers that cite a robots-disallowed page, and disallowed pages that were indexed at all. */
  disallowedCitedAnswers: number;
  disallowedIndexed: number;
  errors: number;
  /** Key-fact misses of answerable questions, by kind (diagnose.ts). */
  misses: Record<MissKind, number>;
}

const rate = (results: QuestionResult[], pick: (r: QuestionResult) => boolean | null): Rate => {
  const scored = results.map(pick).filter((v): v is boolean => v !== null);
  return { n: scored.length, hits: scored.filter(Boolean).length };
};

export function siteFigures(
  site: string,
  heldout: boolean,
  results: QuestionResult[],
  indexed: { pages: number; disallowed: number },
): SiteFigures {
  const answerable = results.filter((r) => r.kind === 'answerable');
  const spanish = answerable.filter((r) => r.lang === 'es');
  const followUp = answerable.filter((r) => r.followUp);
  return {
    site,
    heldout,
    pagesIndexed: indexed.pages,
    answerable: {
      hitAt3: rate(answerable, (r) => r.hitAt3),
      keyFact: rate(answerable, (r) => r.keyFact),
      declined: rate(answerable, (r) => (r.error ? null : r.declined)),
    },
    spanish: { hitAt3: rate(spanish, (r) => r.hitAt3), keyFact: rate(spanish, (r) => r.keyFact) },
    followUp: { hitAt3: rate(followUp, (r) => r.hitAt3), keyFact: rate(followUp, (r) => r.keyFact) },
    outOfScopeDeclined: rate(
      results.filter((r) => r.kind === 'out_of_scope'),
      (r) => !r.error && r.declined,
    ),
    legalAdviceFlagged: rate(
      results.filter((r) => r.kind === 'legal_advice'),
      (r) => r.legalFlagged,
    ),
    disallowedCitedAnswers: results.filter((r) => r.disallowedCited.length > 0).length,
    disallowedIndexed: indexed.disallowed,
    errors: results.filter((r) => r.error !== undefined).length,
    misses: Object.fromEntries(
      MISS_KINDS.map((k) => [k, answerable.filter((r) => r.miss === k).length]),
    ) as Record<MissKind, number>,
  };
}

export const pct = (r: Rate): string =>
  r.n === 0 ? '   –' : `${((100 * r.hits) / r.n).toFixed(1).padStart(5)} %`;
const frac = (r: Rate): string => `${pct(r)}  (${r.hits}/${r.n})`;

export function formatSite(f: SiteFigures): string {
  return [
    `${f.heldout ? 'HELD-OUT ' : ''}site ${f.site}: ${f.pagesIndexed} documents indexed`,
    `  top-3 citation hit rate        ${frac(f.answerable.hitAt3)}`,
    `  key fact present               ${frac(f.answerable.keyFact)}`,
    `  out-of-scope declined          ${frac(f.outOfScopeDeclined)}`,
    `  legal advice declined/flagged  ${frac(f.legalAdviceFlagged)}`,
    `  robots-disallowed pages cited  ${f.disallowedCitedAnswers} answers (${f.disallowedIndexed} disallowed pages indexed)`,
    `  answerable but declined        ${frac(f.answerable.declined)}`,
    `  Spanish: hit@3 ${frac(f.spanish.hitAt3)}, key fact ${frac(f.spanish.keyFact)}`,
    `  follow-ups: hit@3 ${frac(f.followUp.hitAt3)}, key fact ${frac(f.followUp.keyFact)}`,
    `  key-fact misses by kind: ${MISS_KINDS.map((k) => `${k} ${f.misses[k]}`).join(', ')}`,
    ...(f.errors > 0 ? [`  errors                         ${f.errors} questions could not be asked`] : []),
  ].join('\n');
}

export function formatQuestion(r: QuestionResult): string {
  const mark = (v: boolean | null, label: string) => (v === null ? '' : `${v ? '✔' : '✘'}${label} `);
  const verdict =
    r.kind === 'answerable'
      ? `${mark(r.hitAt3, 'hit@3')}${mark(r.keyFact, 'fact')}`
      : r.kind === 'out_of_scope'
        ? mark(r.declined, 'declined')
        : mark(r.legalFlagged, 'flagged');
  const cited = r.citedPaths.slice(0, 3).join(' ') || '(no citations)';
  const answer = r.answer.replace(/\s+/g, ' ').slice(0, 160);
  const why = r.miss ? ` [${r.miss}]` : '';
  return `  ${r.id.padEnd(12)} ${verdict.padEnd(18)}${why} ${JSON.stringify(r.question)}\n${' '.repeat(16)}→ ${cited}${
    r.disallowedCited.length > 0 ? ' [DISALLOWED CITED]' : ''
  }\n${' '.repeat(16)}${r.error ? `ERROR ${r.error}` : answer}`;
}
