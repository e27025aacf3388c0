import type { Concept } from '../answer/query.js';
import type { Db } from '../db/database.js';
import { type FactIntent, isFact } from '../language/facts.js';
import { contentWords, type Language } from '../language/words.js';
import { type ConceptMatch, fieldReader, matchAndRelevance } from './chunk-match.js';
import { STRONG_ALTERNATIVE, weighConcepts } from './concept-weights.js';
import { dotBlob, embedText } from './embedding.js';
import { phrasesFor, queryPhrases } from './fts-phrases.js';
import { ftsQuery } from './lexical-search.js';
import { type Passage, parseHeadingPath } from './search.js';
import { cachedStatement } from './statements.js';
import { chunkCount, type FtsTable } from './term-stats.js';

export { phrasesFor, queryPhrases } from './fts-phrases.js';
export type { ConceptMatch };

/*
 * Concept retrieval, the answerers' search. A question arrives analysed (answer/query.ts): concepts,
 * each with weighted alternatives. Work per question is bounded as in lexical-search.ts:
 *   1. Each alternative's document frequency in the English (porter) and the Spanish (Snowball)
 *      index; a concept found nowhere gets a typo correction from the index's vocabulary.
 *      A concept weighs its inverse document frequency: a word found nowhere weighs most, so a
 *      question about something the site never mentions is not covered.
 *   2. Candidates: one FTS5 OR query per index over the best alternatives (fts-phrases.ts,
 *      quoted so no syntax reaches MATCH), bm25-ranked, RANK_CAP matches at most.
 *   3. Re-ranking in code, with fields: a concept counts fully when a chunk's text holds one of its
 *      alternatives, and its title and heading path (the section it sits in) add a weighted bonus;
 *      the hashed-n-gram vector similarity and the bm25 rank break ties.
 *   4. One passage per document: its best chunk.
 */

export interface ConceptSearchOptions {
  accountId: string;
  namespaces: readonly string[] | null;
  concepts: readonly Concept[];
  /** The question text, for the vector side. */
  text: string;
  language: Language;
  /** Documents to return. */
  limit: number;
  /** Kinds of fact the question asks for: chunks stating one rank higher. */
  facts?: readonly FactIntent[];
  /** The question asks what a term means: a section headed by the term itself ranks higher. */
  defines?: boolean;
}

export interface ConceptPassage extends Passage {
  match: ConceptMatch;
  /** Other matching sections of the same document, best first (not set on those themselves). */
  sections?: ConceptPassage[];
  /**
   * The sections that follow this one on its page (top passages only), for a lead-in ("two options:").
   * Read from the index when first used: most answers end on no lead-in and never ask.
   */
  following?: { headingPath: string[]; text: string }[];
}

export interface ConceptSearchResult {
  passages: ConceptPassage[];
  /** Each concept's weight (idf × boost) and typo corrections made, for explanations. */
  concepts: { key: string; label: string; weight: number; known: boolean; corrected?: string }[];
  /** Every concept as matched: its weight and weighted alternatives (the composer scores sentences so). */
  matching: {
    key: string;
    weight: number;
    /**
     * Said by the visitor, not asked about: a number or a person the site never writes, or a word it
     * never writes said only in the visitor's story.
     */
    incidental?: boolean;
    /** Counts toward the question's own coverage (its boost is whole: no frame, no carried-over word). */
    own?: boolean;
    /** A word the site never writes, said only in the visitor's story: the weight it would carry. */
    told?: number;
    alternatives: { words: string[]; weight: number }[];
  }[];
}

const CANDIDATES = 40;
const FEW_HITS = 10;
/** Top passages that carry their following sections, and how many. */
const FOLLOWING_FOR = 3;
const FOLLOWING_SECTIONS = 5;
const RELEVANCE_WEIGHT = 1;
/** A chunk stating the kind of fact asked for (an amount for "how much"). */
const FACT_BONUS = 0.2;
const POSITION_PRIOR = 0.015;
/** Other sections of a page kept beside its best one, for the composer. */
const SECTIONS_PER_DOCUMENT = 4;
/** Pages at a site's or a language's root only sum up other pages. */
const LANDING_PAGE = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/?)?$/i;
const LANDING_PENALTY = 0.12;
/**
 * A page whose title names the question's concepts is about them ("Exemption 6" for "what is
 * exemption 6"), not one of many pages mentioning them ("Exemptions"): a bonus per weighted share
 * of concepts in the title (any value from 0.3 to 1.5 ranked the same on the eval sites).
 */
const TITLE_SHARE_WEIGHT = 0.5;
/**
 * For "what does X mean", a section headed by X alone (a glossary entry: "Pro Se") is about X as a
 * page titled X is: the same bonus as a title naming every concept.
 */
const TERM_ENTRY_BONUS = TITLE_SHARE_WEIGHT;
/** In a follow-up, a passage's coverage of the follow-up's own concepts adds this much (see followUp). */
const FOLLOW_UP_OWN_WEIGHT = 0.3;

/**
 * Whether a heading is made only of the question's concepts: a term's own entry ("Pro Se", "Exemption
 * 6", "Small Tax Case (S Case)"), not a question heading nor a label naming more ("Barrier Removal").
 * The concepts' words are gathered once, for the many headings tested against them.
 */
export function termEntry(
  concepts: readonly { alternatives: readonly { words: readonly string[] }[] }[],
): (heading: string | undefined) => boolean {
  const named = new Set(concepts.flatMap((c) => c.alternatives.flatMap((a) => a.words)));
  return (heading) => {
    if (heading === undefined || /\?\s*$/.test(heading)) return false;
    const own = contentWords(heading.replace(/\([^)]*\)/g, ' '));
    return own.length > 0 && own.every((w) => named.has(w));
  };
}

/** One index's candidates for the phrases, ORed. */
function candidates(
  db: Db,
  table: FtsTable,
  phrases: readonly string[],
  accountId: string,
  namespaces: readonly string[] | null,
  limit = CANDIDATES,
): { id: number; bm: number }[] {
  return phrases.length === 0 ? [] : ftsQuery(db, table, phrases.join(' OR '), accountId, namespaces, limit);
}

interface Row {
  id: number;
  document_id: string;
  chunk_index: number;
  text: string;
  heading_path: string;
  filename: string;
  title: string | null;
  source_type: string;
  source_url: string | null;
  embedding: Buffer;
}

function pathOf(source: string): string {
  try {
    return new URL(source).pathname;
  } catch {
    return source;
  }
}

export function searchConcepts(db: Db, options: ConceptSearchOptions): ConceptSearchResult {
  const { accountId, namespaces, limit } = options;
  const facts = options.facts ?? [];
  const total = chunkCount(db);
  const concepts = weighConcepts(db, options.concepts, total, options.language);
  const explained = concepts.map((c) => ({
    key: c.key,
    // What staff read: the question's own words, then the first equivalents searched.
    label: [
      ...new Set(c.alternatives.filter((a) => a.weight >= STRONG_ALTERNATIVE).map((a) => a.words.join(' '))),
    ]
      .slice(0, 4)
      .join(' / '),
    weight: Math.round(c.weight * 1000) / 1000,
    known: c.known,
    ...(c.corrected ? { corrected: c.corrected } : {}),
  }));
  const matching = concepts.map((c) => ({
    key: c.key,
    weight: c.weight,
    ...(c.incidental ? { incidental: true } : {}),
    ...(c.boost >= 1 ? { own: true } : {}),
    ...(c.told === undefined ? {} : { told: c.told }),
    alternatives: c.alternatives.map((a) => ({ words: a.words, weight: a.weight })),
  }));
  if (limit <= 0 || concepts.length === 0 || (namespaces && namespaces.length === 0)) {
    return { passages: [], concepts: explained, matching };
  }
  const hits = new Map<number, number>();
  const addHits = (list: { id: number; bm: number }[], after = 0) =>
    list.forEach((h, rank) => {
      hits.set(h.id, Math.max(hits.get(h.id) ?? 0, 1 / (1 + after + rank)));
    });
  const english = queryPhrases(db, concepts, 'kb_chunks_fts', total);
  addHits(candidates(db, 'kb_chunks_fts', english.phrases, accountId, namespaces));
  const englishHits = hits.size;
  // Fewer candidates than asked for: the next phrases fill the rest (see queryPhrases).
  if (hits.size < CANDIDATES && english.more.length > 0) {
    const first = hits.size;
    addHits(candidates(db, 'kb_chunks_fts', english.more, accountId, namespaces, CANDIDATES - first), first);
  }
  // The Spanish index is asked for Spanish questions, or when the English one finds little: an
  // English question's Spanish stems only repeat what porter found, at twice the cost.
  if (options.language === 'es' || englishHits < FEW_HITS) {
    addHits(
      candidates(
        db,
        'kb_chunks_fts_es',
        phrasesFor(db, concepts, 'kb_chunks_fts_es', total),
        accountId,
        namespaces,
      ),
    );
  }
  if (hits.size === 0) return { passages: [], concepts: explained, matching };

  const rows = cachedStatement(
    db,
    `SELECT c.id, c.document_id, c.chunk_index, c.text, c.heading_path, c.embedding, d.filename, d.title,
         d.source_type, d.source_url
       FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id
       WHERE c.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify([...hits.keys()])) as Row[];
  const qv = embedText(options.text, 'search_query');
  const prefixes = new Set(
    concepts.flatMap((c) => c.alternatives.flatMap((a) => a.words.map((w) => w.slice(0, 2)))),
  );

  const isTermEntry = options.defines ? termEntry(concepts) : null;
  // A follow-up carries the previous question's concepts at a lower weight ("can I do it by mail?"
  // after "file a complaint against a restaurant"): what it asks itself decides between sections.
  const followUp = concepts.some((c) => c.boost < 1 && !c.key.includes(':'));
  const byDocument = new Map<string, ConceptPassage[]>();
  const readFields = fieldReader(prefixes);
  const headingPaths = rows.map((r) => parseHeadingPath(r.heading_path));
  const rowFields = rows.map((r, i) => readFields(r.title || r.filename, headingPaths[i]!, r.text));
  const averageWords = Math.max(1, rowFields.reduce((n, f) => n + f.words, 0) / Math.max(1, rows.length));
  for (const [i, r] of rows.entries()) {
    const title = r.title || r.filename;
    const headingPath = headingPaths[i]!;
    const fields = rowFields[i]!;
    const { match, relevance } = matchAndRelevance(
      fields,
      concepts,
      fields.words / averageWords,
      Math.log(1 + (total + 1)),
    );
    const source = r.source_type === 'crawl' && r.source_url ? r.source_url : r.filename;
    const similarity = dotBlob(qv, r.embedding);
    const score =
      match.coverage +
      RELEVANCE_WEIGHT * relevance +
      0.1 * similarity +
      0.05 * (hits.get(r.id) ?? 0) -
      // Pages put their main information first: an early section wins a tie.
      POSITION_PRIOR * Math.min(r.chunk_index, 10) -
      (LANDING_PAGE.test(pathOf(source)) ? LANDING_PENALTY : 0) +
      (facts.length > 0 && isFact(r.text, facts) ? FACT_BONUS : 0) +
      (isTermEntry && headingPath.length > 1 && isTermEntry(headingPath.at(-1)) ? TERM_ENTRY_BONUS : 0) +
      TITLE_SHARE_WEIGHT * match.titleShare +
      (followUp ? FOLLOW_UP_OWN_WEIGHT * match.ownCoverage : 0);
    const passage: ConceptPassage = {
      documentId: r.document_id,
      chunkIndex: r.chunk_index,
      text: r.text,
      sourceFilename: source,
      title,
      headingPath,
      score: 0,
      relevance: {
        bm25: null,
        vectorSimilarity: similarity,
        matchedTerms: match.matched.length,
        queryTerms: concepts.length,
        coverage: match.coverage,
      },
      match: { ...match, score },
    };
    const list = byDocument.get(r.document_id) ?? [];
    list.push(passage);
    byDocument.set(r.document_id, list);
  }
  const ranked = [...byDocument.values()]
    .map((list) => {
      list.sort((a, b) => b.match.score - a.match.score);
      const [head, ...rest] = list;
      const sections = rest.slice(0, SECTIONS_PER_DOCUMENT);
      // For "what is X", a page's introduction (its text before any sub-heading) says what its
      // subject is: it is kept for the composer even when other sections name X more often.
      const lead = options.defines ? rest.find((p) => (p.headingPath?.length ?? 0) <= 1) : undefined;
      if (lead && !sections.includes(lead)) sections.push(lead);
      return { ...head!, sections };
    })
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, limit);
  const next = cachedStatement(
    db,
    'SELECT heading_path, text FROM kb_chunks WHERE document_id = ? AND chunk_index > ? ORDER BY chunk_index LIMIT ?',
  );
  for (const p of ranked.slice(0, FOLLOWING_FOR)) {
    const candidates = [p, ...(p.sections ?? [])];
    for (const c of candidates) {
      readOnFirstUse(c, 'following', () =>
        (
          next.all(c.documentId, c.chunkIndex, FOLLOWING_SECTIONS) as { heading_path: string; text: string }[]
        ).map((r) => ({ headingPath: parseHeadingPath(r.heading_path), text: r.text })),
      );
    }
  }
  const top = ranked[0]?.match.score ?? 1;
  for (const p of ranked) p.score = Math.max(0, Math.min(1, p.match.score / (top || 1)));
  return { passages: ranked, concepts: explained, matching };
}

/**
 * Sets `object[key]` to `read()` when the property is first read (or copied: it is enumerable),
 * then keeps that value; assigning replaces it.
 */
export function readOnFirstUse<T extends object, K extends keyof T>(
  object: T,
  key: K,
  read: () => T[K],
): void {
  let value: { v: T[K] } | null = null;
  Object.defineProperty(object, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      value ??= { v: read() };
      return value.v;
    },
    set: (v: T[K]) => {
      value = { v };
    },
  });
}
