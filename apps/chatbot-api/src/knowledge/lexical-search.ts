import type { Db } from '../db/database.js';
import { stem } from '../language/stem.js';
import { cachedStatement } from './statements.js';
import { chunkCount, documentFrequency, type FtsTable } from './term-stats.js';

/*
 * The lexical side of hybrid retrieval: FTS5 bm25() over two full-text tables, the English one
 * (porter stems) and the Spanish one (Snowball Spanish stems, language/stem.ts), fused by reciprocal rank. The Spanish
 * query runs only for a query that looks Spanish and whose words stemming changes (a second FTS
 * query costs ~50 % more CPU per search at 100k chunks), and it can only add candidates and lift
 * chunks that both tables rank well: chunks that match the English words keep their place unless a
 * chunk matching more Spanish forms outranks them.
 */

export interface LexicalHit {
  id: number;
  /**
   * bm25() of the chunk, negated so higher is better: from the English table when the chunk
   * matched there, else from the Spanish one.
   */
  bm25: number;
}

/** Candidates taken from each full-text query before fusion. */
const CANDIDATES = 100;
/**
 * bm25() costs a few microseconds per matching row and FTS5 ranks every match, so a query whose
 * words occur in most of a 100k-chunk index would take hundreds of milliseconds. Each query ranks
 * at most this many matches, the most recently indexed first; with the AND query first when
 * matches are many, this only bites for queries made of very common words.
 */
const RANK_CAP = 600;
/** Words in more than this share of all chunks are left out of the match (see selectPhrases). */
const COMMON_FRACTION = 0.35;
/** With this many chunks holding every query word, partial matches would not make the top list. */
const ENOUGH_FULL_MATCHES = 50;
/**
 * bm25() reads the whole doclist of each phrase to compute its IDF: the rarest words carry the
 * ranking, so more than this many add cost and little order (the vector side still sees them all).
 */
const MAX_PHRASES = 4;
/** The usual RRF constant (Cormack et al. 2009), as in the final fusion with the vector side. */
const RRF_K = 60;

/**
 * Up to CANDIDATES chunks of the account's namespaces matching the query terms, best first; with
 * `withSpanish` (see looksSpanish) the Spanish-stem index is searched too.
 */
export function lexicalCandidates(
  db: Db,
  terms: readonly string[],
  accountId: string,
  namespaces: readonly string[] | null,
  withSpanish: boolean,
): LexicalHit[] {
  const english = rankedHits(db, 'kb_chunks_fts', terms, accountId, namespaces);
  if (!withSpanish) return english;
  const stems = [...new Set(terms.map((t) => stem(t, 'es')))];
  if (stems.length === terms.length && stems.every((s, i) => s === terms[i])) return english;
  const spanish = rankedHits(db, 'kb_chunks_fts_es', stems, accountId, namespaces);
  if (spanish.length === 0) return english;
  const fused = new Map<number, { bm25: number; rrf: number }>();
  for (const list of [english, spanish]) {
    for (const [rank, h] of list.entries()) {
      const hit = fused.get(h.id);
      if (hit) hit.rrf += 1 / (RRF_K + rank + 1);
      else fused.set(h.id, { bm25: h.bm25, rrf: 1 / (RRF_K + rank + 1) });
    }
  }
  return [...fused]
    .sort(([ia, a], [ib, b]) => b.rrf - a.rrf || b.bm25 - a.bm25 || ia - ib)
    .slice(0, CANDIDATES)
    .map(([id, { bm25 }]) => ({ id, bm25 }));
}

/** One table's ranking, best first (see RANK_CAP and selectPhrases for the bounds on the work). */
function rankedHits(
  db: Db,
  table: FtsTable,
  terms: readonly string[],
  accountId: string,
  namespaces: readonly string[] | null,
): LexicalHit[] {
  const { phrases, dfSum } = selectPhrases(db, table, terms);
  if (phrases.length === 0) return [];
  // When the words' document frequencies say the OR query has at most RANK_CAP matches, it ranks
  // them all. Otherwise chunks holding every word (AND) come first and the OR query only fills in
  // when those are few. For the same phrases bm25() gives a row the same value in both queries,
  // so the lists merge by that value.
  const or = () => ftsQuery(db, table, phrases.join(' OR '), accountId, namespaces);
  let hits: { id: number; bm: number }[];
  if (phrases.length === 1 || dfSum <= RANK_CAP) hits = or();
  else {
    const all = ftsQuery(db, table, phrases.join(' AND '), accountId, namespaces);
    hits =
      all.length >= ENOUGH_FULL_MATCHES
        ? all
        : [...new Map([...all, ...or()].map((h) => [h.id, h])).values()];
  }
  return hits
    .sort((a, b) => a.bm - b.bm)
    .slice(0, CANDIDATES)
    .map((h) => ({ id: h.id, bm25: -h.bm }));
}

/**
 * Chunks of the account's namespaces matching an FTS5 expression, not pending, best bm25() first:
 * at most RANK_CAP matches ranked (the most recently indexed), `limit` returned.
 */
export function ftsQuery(
  db: Db,
  table: FtsTable,
  match: string,
  accountId: string,
  namespaces: readonly string[] | null,
  limit = CANDIDATES,
): { id: number; bm: number }[] {
  const inNamespaces = namespaces ? ' AND c.namespace IN (SELECT value FROM json_each(?))' : '';
  const args: unknown[] = [match, accountId];
  if (namespaces) args.push(JSON.stringify(namespaces));
  return cachedStatement(
    db,
    `SELECT id, bm FROM (
         SELECT f.rowid AS id, bm25(${table}) AS bm FROM ${table} f JOIN kb_chunks c ON c.id = f.rowid
         WHERE ${table} MATCH ? AND c.account_id = ?${inNamespaces}
           AND NOT EXISTS (SELECT 1 FROM kb_chunks_pending p WHERE p.id = f.rowid)
         ORDER BY f.rowid DESC LIMIT ${RANK_CAP}
       ) ORDER BY bm LIMIT ${limit}`,
  ).all(...args) as { id: number; bm: number }[];
}

/**
 * The query's words as FTS5 string literals (quoted, so no FTS5 syntax reaches MATCH), rarest
 * first, at most MAX_PHRASES, without words found in more than COMMON_FRACTION of all chunks (their
 * IDF is about zero and their doclists are the expensive part of bm25()); the rarest word is kept
 * if all are common.
 * Words found nowhere are left out.
 */
function selectPhrases(
  db: Db,
  table: FtsTable,
  terms: readonly string[],
): { phrases: string[]; dfSum: number } {
  const total = chunkCount(db);
  const counted = terms
    .map((t) => ({ phrase: quote(t), df: documentFrequency(db, quote(t), table) }))
    .filter((x) => x.df > 0)
    .sort((a, b) => a.df - b.df);
  const kept = counted.filter((x) => x.df <= total * COMMON_FRACTION).slice(0, MAX_PHRASES);
  const chosen = kept.length > 0 ? kept : counted.slice(0, 1);
  return { phrases: chosen.map((x) => x.phrase), dfSum: chosen.reduce((sum, x) => sum + x.df, 0) };
}

/** An FTS5 string literal: whatever the term holds, it is matched as text, never parsed as syntax. */
export function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
