import type { Db } from '../db/database.js';
import { stem } from '../language/stem.js';
import { phraseOf, type WeightedConcept } from './concept-weights.js';
import { documentFrequency, type FtsTable } from './term-stats.js';

/*
 * The full-text phrases a question's concepts are searched with (concept-search.ts, step 2): at most
 * MAX_PHRASES per FTS5 OR query, so each query's cost stays bounded at 100k chunks.
 */

const MAX_PHRASES = 6;
/** Equivalents (not the question's own words) in more than this share of all chunks are not matched. */
const COMMON_FRACTION = 0.35;
/** Past this share of all chunks a phrase's BM25 IDF is at most zero (see phrasesFor). */
const NO_IDF_FRACTION = 0.5;

/**
 * The phrases to match per index: each concept's own word first, then equivalents, rarest first.
 * A phrase in more than half of all chunks is left out of the MATCH: its BM25 IDF,
 * log((N − df + 0.5) / (df + 0.5)), is then at most zero (FTS5 floors it at 1e-6), so it adds
 * nothing to the bm25() order, yet bm25() reads its whole doclist, the most expensive part of a
 * query at 100k chunks, and its matches crowd the RANK_CAP most recent rows ranked. Re-ranking
 * still counts it in every candidate. A question made only of such words keeps its rarest one.
 */
export function phrasesFor(
  db: Db,
  concepts: readonly WeightedConcept[],
  table: FtsTable,
  total: number,
): string[] {
  return queryPhrases(db, concepts, table, total).phrases;
}

/**
 * phrasesFor's phrases, and the next ones (`more`, at most MAX_PHRASES) of the concepts that got no
 * phrase: the question's own first, then those a follow-up carries over from the previous question
 * ("traffic school" for "how much does it cost?"). A small site's question can spend every
 * slot on one concept's rare equivalents ("cost", "costo", "charge", "cargo"), whose few matches
 * leave the candidates short of the chunks holding the question's other words ("small claims
 * filing fees"): those are then read with the next phrases (see searchConcepts).
 */
export function queryPhrases(
  db: Db,
  concepts: readonly WeightedConcept[],
  table: FtsTable,
  total: number,
): { phrases: string[]; more: string[] } {
  const picked: { phrase: string; priority: number; same: string; concept: string; own: boolean }[] = [];
  let rarest: { phrase: string; df: number; own: boolean } | null = null;
  for (const c of concepts) {
    for (const a of c.alternatives) {
      const phrase = phraseOf(a.words, table);
      const df = documentFrequency(db, phrase, table);
      if (df === 0) continue;
      const own = a.weight >= 1;
      if (!rarest || (own && !rarest.own) || (own === rarest.own && df < rarest.df)) {
        rarest = { phrase, df, own };
      }
      if (df > total * NO_IDF_FRACTION || (df > total * COMMON_FRACTION && a.weight < 1)) continue;
      picked.push({
        phrase,
        priority: c.weight * a.weight - df / (total + 1),
        same: sameMatchesKey(a.words, df, table),
        concept: c.key,
        own: c.boost >= 1,
      });
    }
  }
  if (picked.length === 0) return { phrases: rarest ? [rarest.phrase] : [], more: [] };
  picked.sort((a, b) => b.priority - a.priority);
  const seen = new Set<string>();
  const distinct = picked.filter((p) => !seen.has(p.phrase) && seen.add(p.phrase));
  // The forms of one word share their slot: a slot freed is not given to the next phrase, whose
  // doclist would cost as much as the one saved.
  const phrases: string[] = [];
  const same = new Set<string>();
  const searched = new Set<string>();
  for (const p of distinct.slice(0, MAX_PHRASES)) {
    if (same.has(p.same)) continue;
    same.add(p.same);
    searched.add(p.concept);
    phrases.push(p.phrase);
  }
  const rest = distinct.slice(MAX_PHRASES).filter((p) => !same.has(p.same) && same.add(p.same));
  const more = [...rest.filter((p) => p.own), ...rest.filter((p) => !p.own)]
    .filter((p) => !searched.has(p.concept))
    .slice(0, MAX_PHRASES)
    .map((p) => p.phrase);
  return { phrases, more };
}

/**
 * Phrases that match the same chunks share this key, so the MATCH holds one of them: "ticket" and
 * "tickets" are one porter token in the English index, yet each phrase of a MATCH costs bm25() a
 * read of its whole doclist (and counts its matches twice in the order). The English index stems
 * with SQLite's porter tokenizer, not our Porter2, so words stemming alike there count as the same
 * only with the same document frequency too; the Spanish phrases are stems already.
 */
function sameMatchesKey(words: readonly string[], df: number, table: FtsTable): string {
  return table === 'kb_chunks_fts'
    ? `${words.map((w) => stem(w, 'en')).join(' ')}:${df}`
    : phraseOf(words, table);
}
