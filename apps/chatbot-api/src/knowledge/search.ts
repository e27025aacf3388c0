import type { Db } from '../db/database.js';
import { stem } from '../language/stem.js';
import { detectLanguage } from '../language/words.js';
import { dotBlob, embedText } from './embedding.js';
import { lexicalCandidates } from './lexical-search.js';
import { cachedStatement } from './statements.js';
import { queryTerms, wordsOf } from './text-fold.js';

/**
 * How well a passage matches the query in absolute terms, for the answerer to decide whether the
 * knowledge base covers the question at all (`score` is rank-based and always high for the best hit).
 * A reasonable threshold: `coverage >= 0.5 || (matchedTerms >= 1 && vectorSimilarity >= 0.35)`.
 */
export interface Relevance {
  /**
   * FTS5 bm25() of the chunk over the words searched (see lexical-search.ts), negated so higher is
   * better; from the Spanish-stem index when only that one matched. Null would mean a passage
   * found by the vector side alone (none today).
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

/** The usual RRF constant (Cormack et al. 2009): damps the weight of the very first ranks. */
const RRF_K = 60;

/*
 * Hybrid retrieval:
 *   1. BM25: the query's content words (folded, stopwords removed) are quoted, so no FTS5 syntax
 *      reaches MATCH; chunks with all of them (AND) and, when those are few, with some (OR) are
 *      ranked by FTS5 bm25(), keeping only the account's namespaces (joined through kb_chunks) and
 *      leaving out chunks of documents still being indexed (kb_chunks_pending). The same is done
 *      with the Spanish stems of the words in a second index when the query looks Spanish, and the
 *      two lists are fused; see lexical-search.ts for that and for the bounds on the work.
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

  const spanish = detectLanguage(query) === 'es' || /[áéíóúñ]/i.test(query);
  const bm25Hits = lexicalCandidates(db, terms, accountId, namespaces, spanish);
  const bm25ById = new Map(bm25Hits.map((h, rank) => [h.id, { rank, bm25: h.bm25 }]));
  const pool = bm25Hits.map((h) => h.id);
  if (pool.length === 0) return [];

  // Vectors first; text and document fields only for the passages returned.
  const vectors = cachedStatement(
    db,
    'SELECT id, embedding FROM kb_chunks WHERE id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(pool)) as { id: number; embedding: Buffer }[];
  const qv = embedText(query, 'search_query');
  const withSim = vectors.map((v) => ({ id: v.id, sim: dotBlob(qv, v.embedding) }));
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
      cachedStatement(
        db,
        `SELECT c.id, c.document_id, c.chunk_index, c.text, c.heading_path, d.filename, d.title, d.source_type,
             d.source_url
           FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id
           WHERE c.id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(top.map((t) => t.id))) as ChunkRow[]
    ).map((r) => [r.id, r]),
  );

  return top.flatMap(({ id, sim, bm25, score }) => {
    const r = rows.get(id);
    if (!r) return [];
    const title = r.title || r.filename;
    const words = [...new Set(wordsOf(`${title} ${r.heading_path} ${r.text}`))];
    const stems = spanish ? new Set(words.map((w) => stem(w, 'es'))) : null;
    const matched = terms.filter(
      (t) =>
        words.some((w) => w === t || (t.length >= 5 && w.startsWith(stemOf(t)))) || stems?.has(stem(t, 'es')),
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

/** The stored JSON array of headings; anything else (never written today) reads as no headings. */
export function parseHeadingPath(json: string): string[] {
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
