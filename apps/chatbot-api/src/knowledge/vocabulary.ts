import type { Db } from '../db/database.js';
import { stem } from '../language/stem.js';
import type { Language } from '../language/words.js';
import { quote } from './lexical-search.js';
import { cachedStatement } from './statements.js';
import { chunkCount, documentFrequency } from './term-stats.js';

/*
 * Typo correction against the index's own vocabulary ("tiket" → "ticket", "divorse" → "divorce"):
 * a general dictionary would "correct" names, case numbers and local words, while the index only
 * proposes words its pages use. The fts5vocab views (migration 104) list the indexed terms, which
 * are stems: the misspelt word is stemmed the same way and compared with the terms that share its
 * first letter (typos are rarely there), within one edit (two for long words, transpositions
 * counting one). The most frequent close term wins.
 */

const VIEWS: Record<Language, string> = { en: 'kb_vocab_en', es: 'kb_vocab_es' };
const MIN_LENGTH = 4;
const CACHE_LIMIT = 5_000;
const cache = new WeakMap<Db, Map<string, { term: string | null; chunks: number }>>();

/** Damerau-Levenshtein (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * The indexed term closest to an unknown word, as a stem of `language`'s index, or null. Only call
 * it for words the index does not hold.
 */
export function correctWord(
  db: Db,
  word: string,
  language: Language,
  /** The question's other words: among equally close terms, the one found with them wins. */
  context: readonly string[] = [],
): string | null {
  if (word.length < MIN_LENGTH || /\d/.test(word)) return null;
  return remembered(db, `${language}:${word}:${context.join(' ')}`, () =>
    closestTerm(db, word, language, context),
  );
}

/** The closest term itself (see correctWord), uncached. */
function closestTerm(db: Db, word: string, language: Language, context: readonly string[]): string | null {
  const target = stem(word, language);
  const max = target.length >= 8 ? 2 : 1;
  const first = target[0]!;
  const rows = cachedStatement(
    db,
    `SELECT term, doc FROM ${VIEWS[language]} WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?`,
  ).all(first, String.fromCharCode(first.charCodeAt(0) + 1), target.length - max, target.length + max) as {
    term: string;
    doc: number;
  }[];
  let best: { term: string; distance: number; doc: number } | null = null;
  let ties: { term: string; doc: number }[] = [];
  for (const r of rows) {
    if (r.term === target) {
      best = null;
      ties = [];
      break;
    }
    const distance = editDistance(target, r.term, max);
    if (distance > max) continue;
    if (best && distance === best.distance) ties.push(r);
    if (!best || distance < best.distance) ties = [r];
    if (!best || distance < best.distance || (distance === best.distance && r.doc > best.doc))
      best = { term: r.term, distance, doc: r.doc };
  }
  // "noun strng": "string" and "strong" are one edit away; the pages say "noun strings".
  if (best && ties.length > 1 && context.length > 0) {
    const table = language === 'es' ? 'kb_chunks_fts_es' : 'kb_chunks_fts';
    const others = context.map((w) => quote(language === 'es' ? stem(w, 'es') : w)).join(' OR ');
    const together = (term: string) => documentFrequency(db, `${quote(term)} AND (${others})`, table);
    const ranked = ties
      .map((t) => ({ ...t, together: together(t.term) }))
      .sort((a, b) => b.together - a.together || b.doc - a.doc);
    if (ranked[0]!.together > 0) best = { ...best, term: ranked[0]!.term };
  }
  return best?.term ?? null;
}

/**
 * A lookup's answer for this index, computed once while the index holds as many chunks as then
 * (a crawl that adds pages brings new terms).
 */
function remembered(db: Db, key: string, compute: () => string | null): string | null {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const chunks = chunkCount(db);
  const hit = perDb.get(key);
  if (hit && hit.chunks === chunks) return hit.term;
  const term = compute();
  if (perDb.size >= CACHE_LIMIT) perDb.clear();
  perDb.set(key, { term, chunks });
  return term;
}

/** An English stem this long or longer is specific enough to be a Spanish word's cognate. */
const MIN_COGNATE_STEM = 6;

/**
 * A word's spelling with the differences between Spanish and English cognates evened out: doubled
 * letters single ("abbreviation" / "abreviatura"), "ph" as "f", "th" as "t", "y" as "i", "k" as "c",
 * and the Spanish "ccion" as "ction" ("perfeccion" / "perfection").
 */
export function cognateSkeleton(word: string): string {
  return word
    .replace(/ccion/g, 'ction')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/y/g, 'i')
    .replace(/k/g, 'c')
    .replace(/(.)\1+/g, '$1');
}

/**
 * The English term of the index a Spanish word is a cognate of, when no regular ending gives it
 * ("abreviaturas" → "abbrevi", "perfeccionada" → "perfect"): the longest indexed English stem, of six
 * letters or more, that begins the Spanish word once both are spelt alike (see cognateSkeleton); the
 * most frequent of equally long ones. Null when none does.
 */
export function cognateTerm(db: Db, word: string): string | null {
  const target = cognateSkeleton(word);
  if (target.length < MIN_COGNATE_STEM + 1) return null;
  return remembered(db, `cognate:${word}`, () => {
    const first = word[0]!;
    const rows = cachedStatement(
      db,
      `SELECT term, doc FROM ${VIEWS.en} WHERE term >= ? AND term < ? AND length(term) >= ?`,
    ).all(first, String.fromCharCode(first.charCodeAt(0) + 1), MIN_COGNATE_STEM) as {
      term: string;
      doc: number;
    }[];
    let best: { term: string; length: number; doc: number } | null = null;
    for (const r of rows) {
      const skeleton = cognateSkeleton(r.term);
      if (skeleton.length < MIN_COGNATE_STEM || !target.startsWith(skeleton) || skeleton === target) continue;
      if (!best || skeleton.length > best.length || (skeleton.length === best.length && r.doc > best.doc))
        best = { term: r.term, length: skeleton.length, doc: r.doc };
    }
    return best?.term ?? null;
  });
}
