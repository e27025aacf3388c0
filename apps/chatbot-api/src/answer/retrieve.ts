import type { Db } from '../db/database.js';
import { type Passage, searchPassages } from '../knowledge/search.js';
import { questionCues } from './intent.js';
import { searchQueries } from './lexicon.js';

/**
 * Passages for a question, searched as asked and as the English and the Spanish pages would say it
 * ("¿dónde está el juzgado?" → "palacio de justicia ubicaciones" and "hall of justice locations"):
 * retrieval matches words, so a page that never says "juzgado" is not found for it otherwise. The
 * lists are merged by rank, the question's own wording winning ties.
 */
export function retrieve(
  db: Db,
  scope: { accountId: string; namespaces: readonly string[] | null },
  question: string,
  limit: number,
): Passage[] {
  const lists = searchQueries(question, questionCues(question).search).map((query) =>
    searchPassages(db, { ...scope, query, limit }),
  );
  const merged = new Map<string, { passage: Passage; rank: number; list: number }>();
  lists.forEach((list, l) => {
    list.forEach((passage, rank) => {
      const key = `${passage.documentId}#${passage.chunkIndex}`;
      const seen = merged.get(key);
      if (!seen || rank < seen.rank) merged.set(key, { passage, rank, list: seen?.list ?? l });
    });
  });
  return [...merged.values()]
    .sort((a, b) => a.rank - b.rank || a.list - b.list)
    .slice(0, limit)
    .map((m) => m.passage);
}
