import type { Db } from '../db/database.js';
import { cachedStatement } from './statements.js';

/*
 * Document frequencies of query terms, cached. bm25() scans the whole doclist of every phrase of
 * a query to compute its IDF, so a word found in most chunks costs milliseconds at 100k chunks
 * while adding nothing to the ranking (FTS5 floors a negative IDF at ~0). Search uses these counts
 * to leave such words out of the MATCH expression. Counts are refreshed at most every
 * REFRESH_MS after the index changed: the selection tolerates approximate numbers.
 */

const REFRESH_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Stats {
  generation: number;
  chunks: { value: number; generation: number } | null;
  terms: Map<string, { df: number; generation: number; at: number }>;
}

const stats = new WeakMap<Db, Stats>();

function statsOf(db: Db): Stats {
  let s = stats.get(db);
  if (!s) {
    s = { generation: 0, chunks: null, terms: new Map() };
    stats.set(db, s);
  }
  return s;
}

/** Called by every write to the chunk index. */
export function noteIndexChanged(db: Db): void {
  statsOf(db).generation++;
}

/** Number of indexed chunks (all accounts). */
export function chunkCount(db: Db): number {
  const s = statsOf(db);
  if (s.chunks?.generation !== s.generation) {
    const row = cachedStatement(db, 'SELECT COUNT(*) AS n FROM kb_chunks').get() as { n: number };
    s.chunks = { value: row.n, generation: s.generation };
  }
  return s.chunks.value;
}

/** The full-text tables: English (porter) and Spanish stems (Snowball Spanish stems, language/stem.ts). */
export type FtsTable = 'kb_chunks_fts' | 'kb_chunks_fts_es';

/**
 * Number of chunks (all accounts) containing `phrase`, an FTS5 string literal such as `"fee"`,
 * in `table`.
 */
export function documentFrequency(
  db: Db,
  phrase: string,
  table: FtsTable = 'kb_chunks_fts',
  now = Date.now(),
): number {
  const s = statsOf(db);
  const key = `${table}:${phrase}`;
  const hit = s.terms.get(key);
  // A stale zero is never trusted: search leaves out words found nowhere, so a word first seen in
  // a document indexed after the count would stay unsearchable until the refresh.
  if (hit && (hit.generation === s.generation || (hit.df > 0 && now - hit.at < REFRESH_MS))) return hit.df;
  const row = cachedStatement(db, `SELECT COUNT(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(
    phrase,
  ) as {
    n: number;
  };
  if (s.terms.size >= MAX_ENTRIES) s.terms.clear();
  s.terms.set(key, { df: row.n, generation: s.generation, at: now });
  return row.n;
}
