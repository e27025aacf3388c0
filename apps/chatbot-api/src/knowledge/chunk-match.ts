import { stem } from '../language/stem.js';
import { words } from '../language/words.js';
import type { WeightedAlternative, WeightedConcept } from './concept-weights.js';

/*
 * How one chunk matches a question's weighted concepts: coverage (the share of the concepts it holds,
 * which decides whether the question is answered) and BM25F-style relevance (which ranks).
 */

const BM25_K1 = 1.2;
const BM25_B = 0.75;
const TITLE_FIELD = 1;
const HEADING_FIELD = 1.5;

/** How a passage matched, for abstention and for staff ("why this answer"). */
export interface ConceptMatch {
  /** Weighted share of all concepts the chunk (text, title or headings) holds, in [0, 1]. */
  coverage: number;
  /** The same over the question's own concepts (not those carried over from a previous turn). */
  ownCoverage: number;
  /** Weighted share of concepts found in the title or heading path. */
  fieldShare: number;
  /** Weighted share of concepts found in the page title: how much the whole page is about them. */
  titleShare: number;
  /** Keys of the concepts matched. */
  matched: string[];
  /** Keys of the concepts missing. */
  missing: string[];
  score: number;
}

export interface Fields {
  words: number;
  title: { en: string; es: string };
  headings: { en: string; es: string };
  body: { en: string; es: string };
}

/**
 * A chunk's fields as stem strings. Only words that could be one of the alternatives are stemmed
 * (stems keep a word's first two letters): the rest become "_", which matches nothing, so a
 * 350-word chunk costs a few stemmer calls instead of 700.
 */
export function fieldsOf(
  title: string,
  headings: readonly string[],
  text: string,
  prefixes: ReadonlySet<string>,
): Fields {
  const f = (s: string) => {
    const ws = words(s);
    const en: string[] = [];
    const es: string[] = [];
    for (const w of ws) {
      if (prefixes.has(w.slice(0, 2))) {
        en.push(stem(w, 'en'));
        es.push(stem(w, 'es'));
      } else {
        en.push('_');
        es.push('_');
      }
    }
    return { en: ` ${en.join(' ')} `, es: ` ${es.join(' ')} `, words: ws.length };
  };
  const body = f(text);
  return { words: body.words, title: f(title), headings: f(headings.join(' ')), body };
}

function holds(field: { en: string; es: string }, a: WeightedAlternative): boolean {
  return field.en.includes(a.en) || field.es.includes(a.es);
}

/** Occurrences of an alternative in a field (the larger of the English and Spanish stem counts). */
function occurrences(field: { en: string; es: string }, a: WeightedAlternative): number {
  const count = (hay: string, needle: string) => {
    let n = 0;
    for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length - 1)) n++;
    return n;
  };
  return Math.max(count(field.en, a.en), count(field.es, a.es));
}

/**
 * BM25F-like relevance of a chunk: each concept's best alternative, its term frequency in the text
 * saturated and normalised by the chunk's length (BM25's k1 and b), plus the title and heading
 * fields, weighted by the concept's idf; divided by the total weight. Long chunks that mention
 * everything once (a statute) no longer beat the short section about the question.
 */
export function relevanceOf(
  fields: Fields,
  concepts: readonly WeightedConcept[],
  lengthRatio: number,
  floor: number,
): number {
  let total = 0;
  let sum = 0;
  const norm = BM25_K1 * (1 - BM25_B + BM25_B * lengthRatio);
  for (const c of concepts) {
    let best = 0;
    for (const a of c.alternatives) {
      const tf = occurrences(fields.body, a);
      const body = tf === 0 ? 0 : (tf * (BM25_K1 + 1)) / (tf + norm);
      const field =
        (holds(fields.title, a) ? TITLE_FIELD : 0) + (holds(fields.headings, a) ? HEADING_FIELD : 0);
      best = Math.max(best, a.weight * (body + field));
    }
    total += c.weight;
    sum += c.weight * best;
  }
  return sum / Math.max(total, floor);
}

export function matchOf(fields: Fields, concepts: readonly WeightedConcept[]): Omit<ConceptMatch, 'score'> {
  let total = 0;
  let got = 0;
  let ownTotal = 0;
  let ownGot = 0;
  let inFields = 0;
  let inTitle = 0;
  const matched: string[] = [];
  const missing: string[] = [];
  for (const c of concepts) {
    let body = 0;
    let field = 0;
    let title = 0;
    for (const a of c.alternatives) {
      if (holds(fields.body, a)) body = Math.max(body, a.weight);
      if (holds(fields.title, a)) title = Math.max(title, a.weight);
      if (holds(fields.title, a) || holds(fields.headings, a)) field = Math.max(field, a.weight);
    }
    const m = Math.max(body, field);
    total += c.weight;
    got += c.weight * m;
    inFields += c.weight * field;
    inTitle += c.weight * title;
    if (c.boost >= 1) {
      ownTotal += c.weight;
      ownGot += c.weight * m;
    }
    (m > 0 ? matched : missing).push(c.key);
  }
  return {
    coverage: total > 0 ? got / total : 0,
    ownCoverage: ownTotal > 0 ? ownGot / ownTotal : total > 0 ? got / total : 0,
    fieldShare: total > 0 ? inFields / total : 0,
    titleShare: total > 0 ? inTitle / total : 0,
    matched,
    missing,
  };
}
