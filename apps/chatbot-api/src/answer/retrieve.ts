import type { Db } from '../db/database.js';
import { type ConceptSearchResult, searchConcepts } from '../knowledge/concept-search.js';
import { factIntentsOf } from '../language/facts.js';
import type { Turn } from './answerer.js';
import { lastUserTurns } from './answerer.js';
import { analyzeQuestion, type QueryAnalysis } from './query.js';

/** Documents retrieved per question: one passage each. */
export const PASSAGES = 6;

export interface Retrieval {
  analysis: QueryAnalysis;
  search: ConceptSearchResult;
}

/**
 * The shared retrieval of both answerers: the last user turn analysed (with the one before when it
 * is a short or anaphoric follow-up), then searched by concepts, one passage per document.
 */
export function retrieveForTurns(
  db: Db,
  scope: { accountId: string; namespaces: readonly string[] | null },
  turns: readonly Turn[],
  limit = PASSAGES,
): Retrieval {
  const { question, previous } = lastUserTurns(turns);
  const analysis = analyzeQuestion(question, previous);
  const text = analysis.followUp && previous ? `${previous} ${question}` : question;
  const search = searchConcepts(db, {
    ...scope,
    concepts: analysis.concepts,
    text,
    language: analysis.language,
    limit,
    facts: factIntentsOf(analysis.intents),
    defines: analysis.intents.includes('definition'),
  });
  return { analysis, search };
}
