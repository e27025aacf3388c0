import type { ConceptPassage, ConceptSearchResult } from '../knowledge/concept-search.js';
import type { Language } from '../language/words.js';
import { readable } from './passage-language.js';
import type { ScoredUnit } from './score-units.js';
import { namedPages } from './titles.js';

/*
 * Other pages named after an answer ("More on this:"), by title, each with its marker, so a visitor
 * whose page was not the first one finds it a tap away.
 */

/** A page covering the question at least this near the best one is named. */
const RELATED_RATIO = 0.75;
const MAX_RELATED = 2;

export function relatedPages(input: {
  /** The units quoted. */
  picked: readonly ScoredUnit[];
  /** The section quoted. */
  primary: ConceptPassage;
  /** The passages covering the question, best first. */
  covering: readonly ConceptPassage[];
  search: ConceptSearchResult;
  language: Language;
  /** The pages already cited. */
  sources: readonly ConceptPassage[];
  /**
   * The answer may not be about all the question tells: a story answered by a page that holds half of
   * it only with its sections together, or one whose words the site never writes were left out.
   */
  partly: boolean;
}): ConceptPassage[] {
  const { primary, covering, language, sources } = input;
  const fresh = (p: ConceptPassage) =>
    p.documentId !== primary.documentId &&
    !sources.some((s) => s.documentId === p.documentId) &&
    readable(p, language);
  // First, a page a quoted item names by its title ("Burial Flag: VA provides a flag…" on a page
  // listing benefits): the item sums that page up, and the page itself says more.
  const titled = namedPages(input.picked, primary, input.search.passages).filter((p) =>
    readable(p, language),
  );
  // A story is answered from the first page whose sections together hold half of it; a page ranked
  // above that one (its sections hold the story's words more closely, but less of it) may be the
  // one the visitor needs: it is offered too.
  const rankedAbove = input.partly
    ? input.search.passages.filter(
        (p) => p.match.score > primary.match.score && !titled.includes(p) && fresh(p),
      )
    : [];
  // Then the other pages covering the question nearly as well as the best one.
  const near = covering.filter(
    (p) =>
      !titled.includes(p) &&
      !rankedAbove.includes(p) &&
      fresh(p) &&
      p.match.score >= covering[0]!.match.score * RELATED_RATIO,
  );
  return [...titled, ...rankedAbove, ...near].slice(0, MAX_RELATED);
}
