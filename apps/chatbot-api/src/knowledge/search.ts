import type { Db } from '../db/database.js';
import { blobToVector, dot, embedText } from './embedding.js';
import { chunkCount, documentFrequency } from './term-stats.js';
import { queryTerms, wordsOf } from './text-fold.js';

/**
 * How well a passage matches the query in absolute terms, for the answerer to decide whether the
 * knowledge base covers the question at all (`score` is rank-based and always high for the best hit).
 * A reasonable threshold: `coverage >= 0.5 || (matchedTerms >= 1 && vectorSimilarity >= 0.35)`.
 */
export interface Relevance {
  /**
   * FTS5 bm25() of the chunk over the words searched (see selectPhrases), negated so higher is
   * better. Null would mean a passage found by the vector side alone (none today).
   */
  bm25: number | null;
  /** Cosine similarity of the hashed n-gram vectors of query and chunk, in [-1, 1]. */
  vectorSimilarity: number;
  /** Content words of the query (stopwords removed) found in the chunk, its title or headings. */
  matchedTerms: number;
  /** Number of content words in the query. */
  queryTerms: number;
  /** matchedTerms / queryTerms, 0 when the query has no content words. */
  coverage: number;
}

/** One retrieved passage, ready to be numbered as `[Source N]`. */
export interface Passage {
  documentId: string;
  chunkIndex: number;
  /** The chunk text (without the title/heading prefix added for indexing). */
  text: string;
  /** Citation `source_filename`: the page URL for crawled pages, the file name for uploads. */
  sourceFilename: string;
  /** Human title: page <title>/<h1> or the file name. */
  title: string;
  /**
   * Headings the chunk sits under, outermost first (`["Fees", "Waivers"]`; `["Page 3"]` for a PDF
   * page; `[]` for plain text). Always set by searchPassages; optional only so passages built by
   * hand (tests, other sources) stay valid.
   */
  headingPath?: string[];
  /**
   * Higher is better, in [0, 1]: the reciprocal-rank-fusion score divided by its maximum (first in
   * both the BM25 and the vector ranking = 1).
   */
  score: number;
  /** Absolute match signal; see Relevance. */
  relevance?: Relevance;
}

export interface SearchOptions {
  accountId: string;
  /** null = every namespace of the account. */
  namespaces: readonly string[] | null;
  query: string;
  limit: number;
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
/** The usual RRF constant (Cormack et al. 2009): damps the weight of the very first ranks. */
const RRF_K = 60;

/*
 * Hybrid retrieval:
 *   1. BM25: the query's content words (folded, stopwords removed) are quoted, so no FTS5 syntax
 *      reaches MATCH; chunks with all of them (AND) and, when those are few, with some (OR) are
 *      ranked by FTS5 bm25(), keeping only the account's namespaces (joined through kb_chunks).
 *      See RANK_CAP and selectPhrases for the bounds on the work.
 *   2. Vector: the hashed n-gram embedding of the query is compared with the vectors of the BM25
 *      candidates (the index stems words, so "payments" already reaches "paying"). Scoring that
 *      pool rather than every vector keeps the vector side bounded at 100k chunks; the price is
 *      that a chunk sharing no word stem with the query is not found.
 *   3. The two rankings are fused with reciprocal-rank fusion.
 */
export function searchPassages(db: Db, options: SearchOptions): Passage[] {
  const { accountId, namespaces, query, limit } = options;
  if (limit <= 0 || (namespaces && namespaces.length === 0)) return [];
  let terms = queryTerms(query);
  if (terms.length === 0) terms = [...new Set(wordsOf(query))];
  if (terms.length === 0) return [];
  terms = terms.slice(0, 32);

  const { phrases, dfSum } = selectPhrases(db, terms);
  if (phrases.length === 0) return [];
  // When the words' document frequencies say the OR query has at most RANK_CAP matches, it ranks
  // them all. Otherwise chunks holding every word (AND) come first and the OR query only fills in
  // when those are few. For the same phrases bm25() gives a row the same value in both queries,
  // so the lists merge by that value.
  const or = () => ftsQuery(db, phrases.join(' OR '), accountId, namespaces);
  let hits: { id: number; bm: number }[];
  if (phrases.length === 1 || dfSum <= RANK_CAP) hits = or();
  else {
    const all = ftsQuery(db, phrases.join(' AND '), accountId, namespaces);
    hits =
      all.length >= ENOUGH_FULL_MATCHES
        ? all
        : [...new Map([...all, ...or()].map((h) => [h.id, h])).values()];
  }
  const bm25Hits = hits.sort((a, b) => a.bm - b.bm).slice(0, CANDIDATES);

  const bm25ById = new Map(bm25Hits.map((h, rank) => [h.id, { rank, bm25: -h.bm }]));
  const pool = bm25Hits.map((h) => h.id);
  if (pool.length === 0) return [];

  // Vectors first; text and document fields only for the passages returned.
  const vectors = db
    .prepare('SELECT id, embedding FROM kb_chunks WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(pool)) as { id: number; embedding: Buffer }[];
  const qv = embedText(query, 'search_query');
  const withSim = vectors.map((v) => ({ id: v.id, sim: dot(qv, blobToVector(v.embedding)) }));
  const vecRank = new Map([...withSim].sort((a, b) => b.sim - a.sim).map((x, rank) => [x.id, rank]));

  const maxRrf = 2 / (RRF_K + 1);
  const fused = withSim.map(({ id, sim }) => {
    const b = bm25ById.get(id);
    const rrf = (b ? 1 / (RRF_K + b.rank + 1) : 0) + 1 / (RRF_K + vecRank.get(id)! + 1);
    return { id, sim, bm25: b?.bm25 ?? null, score: rrf / maxRrf };
  });
  fused.sort((a, b) => b.score - a.score || a.id - b.id);
  const top = fused.slice(0, limit);
  const rows = new Map(
    (
      db
        .prepare(
          `SELECT c.id, c.document_id, c.chunk_index, c.text, c.heading_path, d.filename, d.title, d.source_type,
             d.source_url
           FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id
           WHERE c.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(top.map((t) => t.id))) as ChunkRow[]
    ).map((r) => [r.id, r]),
  );

  return top.flatMap(({ id, sim, bm25, score }) => {
    const r = rows.get(id);
    if (!r) return [];
    const title = r.title || r.filename;
    const words = [...new Set(wordsOf(`${title} ${r.heading_path} ${r.text}`))];
    const matched = terms.filter((t) =>
      words.some((w) => w === t || (t.length >= 5 && w.startsWith(stemOf(t)))),
    ).length;
    return [
      {
        documentId: r.document_id,
        chunkIndex: r.chunk_index,
        text: r.text,
        sourceFilename: r.source_type === 'crawl' && r.source_url ? r.source_url : r.filename,
        title,
        headingPath: parseHeadingPath(r.heading_path),
        score: Math.min(1, Math.max(0, score)),
        relevance: {
          bm25,
          vectorSimilarity: sim,
          matchedTerms: matched,
          queryTerms: terms.length,
          coverage: matched / terms.length,
        },
      },
    ];
  });
}

interface ChunkRow {
  id: number;
  document_id: string;
  chunk_index: number;
  text: string;
  heading_path: string;
  filename: string;
  title: string | null;
  source_type: string;
  source_url: string | null;
}

function ftsQuery(
  db: Db,
  match: string,
  accountId: string,
  namespaces: readonly string[] | null,
): { id: number; bm: number }[] {
  const inNamespaces = namespaces ? ' AND c.namespace IN (SELECT value FROM json_each(?))' : '';
  const args: unknown[] = [match, accountId];
  if (namespaces) args.push(JSON.stringify(namespaces));
  return db
    .prepare(
      `SELECT id, bm FROM (
         SELECT f.rowid AS id, bm25(kb_chunks_fts) AS bm FROM kb_chunks_fts f JOIN kb_chunks c ON c.id = f.rowid
         WHERE kb_chunks_fts MATCH ? AND c.account_id = ? AND c.pending = 0${inNamespaces}
         ORDER BY f.rowid DESC LIMIT ${RANK_CAP}
       ) ORDER BY bm LIMIT ${CANDIDATES}`,
    )
    .all(...args) as { id: number; bm: number }[];
}

/**
 * The query's words as FTS5 string literals (quoted, so no FTS5 syntax reaches MATCH), rarest
 * first, at most MAX_PHRASES, without words found in more than COMMON_FRACTION of all chunks (their
 * IDF is about zero and their doclists are the expensive part of bm25()); the rarest word is kept
 * if all are common.
 * Words found nowhere are left out.
 */
function selectPhrases(db: Db, terms: readonly string[]): { phrases: string[]; dfSum: number } {
  const total = chunkCount(db);
  const counted = terms
    .map((t) => ({ phrase: quote(t), df: documentFrequency(db, quote(t)) }))
    .filter((x) => x.df > 0)
    .sort((a, b) => a.df - b.df);
  const kept = counted.filter((x) => x.df <= total * COMMON_FRACTION).slice(0, MAX_PHRASES);
  const chosen = kept.length > 0 ? kept : counted.slice(0, 1);
  return { phrases: chosen.map((x) => x.phrase), dfSum: chosen.reduce((sum, x) => sum + x.df, 0) };
}

/** The stored JSON array of headings; anything else (never written today) reads as no headings. */
function parseHeadingPath(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

/** A word's first letters, so "payments" also matches "paying" and "payment": length - 3, at least 4. */
function stemOf(term: string): string {
  return term.slice(0, Math.max(4, term.length - 3));
}

/** An FTS5 string literal: whatever the term holds, it is matched as text, never parsed as syntax. */
function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
