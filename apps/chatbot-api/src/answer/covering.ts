import type { ConceptPassage, ConceptSearchResult } from '../knowledge/concept-search.js';
import { COVERAGE_THRESHOLD } from './answer-sections.js';
import { onSpanishPage, readable } from './passage-language.js';
import type { QueryAnalysis } from './query.js';

/*
 * Whether to answer at all, from the retrieval evidence: the passages that cover the question (hold
 * half of its idf-weighted concepts; for a question that tells a story, a page that does), of a page
 * in the visitor's language where one covers it, and why none does when none does.
 */

/** The same when every passage holds just one of the two or more things the question names. */
const ONE_THING_THRESHOLD = 0.6;
/**
 * A question naming this many things or more tells the visitor's story before it asks ("my son is deaf
 * and got arrested, the police cuffed his hands behind his back… aren't they supposed to…"): no one
 * section holds half of what it names, but the page about it holds most of it.
 */
const STORY_THINGS = 8;
/**
 * The least rank score (concept-search.ts: the share of the question held, plus its BM25F relevance,
 * title share and the rest) of a passage that covers a question: one that holds half of what is asked,
 * each once, in passing, in a long text, is no page about it. Calibrated on the out-of-scope questions
 * of the nine scored question sets on six sites (four more declined, no answer to another question lost).
 */
const MIN_RELEVANCE = 1;

export interface Covering {
  /** The passages that cover the question, best first; empty when it is not answered. */
  covering: ConceptPassage[];
  /** The question tells a story, and a page holding half of it covers it (see STORY_THINGS). */
  story: boolean;
  /** Why no passage covers the question (for the explanation), when none does. */
  why: string;
}

export function coveringPassages(
  analysis: QueryAnalysis,
  search: ConceptSearchResult,
  /** The share of the question a passage holds (see composeAnswer). */
  coverageOf: (p: ConceptPassage) => number,
  /** The visitor asks for legal advice. */
  advice: boolean,
): Covering {
  const language = analysis.language;
  // A question naming two things or more, where every passage holds just one of them ("how do i
  // renew my passport" on a page that mentions a passport once), is answered only when that thing
  // carries most of the question: one word in common is weak evidence.
  // A word that asks for the kind of fact wanted ("call" in "who do I call about child support") says
  // how to answer, not what about: it is not one of the things named; nor is a number or a person
  // the site never writes ("a headstone for my grandfather"), which the visitor only mentions.
  const asking = new Set(
    search.matching
      .filter((c) => c.key.startsWith('intent:'))
      .flatMap((c) => c.alternatives.map((a) => a.words.join(' '))),
  );
  const named = new Set(
    search.matching
      .filter(
        (c) =>
          !c.key.includes(':') &&
          !c.incidental &&
          !c.alternatives.some((a) => a.weight >= 1 && asking.has(a.words.join(' '))),
      )
      .map((c) => c.key),
  );
  const holdsOne = (p: ConceptPassage) =>
    named.size >= 2 && p.match.matched.filter((k) => named.has(k) && !p.match.loose.includes(k)).length === 1;
  // A story is answered by a page holding half of it, counting what any of its sections found holds
  // (an answer then says it may not be exactly what was asked). Not a legal-advice question: its
  // "general information" must be about what was asked.
  const story = named.size >= STORY_THINGS && !advice;
  const things = search.matching.filter((c) => !c.key.includes(':'));
  const total = things.reduce((sum, c) => sum + c.weight, 0);
  const pageCoverage = (p: ConceptPassage) => {
    const held = new Set([p, ...(p.sections ?? [])].flatMap((x) => x.match.matched));
    return total > 0 ? things.reduce((sum, c) => sum + (held.has(c.key) ? c.weight : 0), 0) / total : 0;
  };
  // A passage that holds half of the question's things only once each, in passing ("Purchase: buy."
  // for "which grammar checker app should i buy"), is not about them (see MIN_RELEVANCE).
  const covers = (p: ConceptPassage) =>
    (coverageOf(p) >= COVERAGE_THRESHOLD && (story || p.match.score >= MIN_RELEVANCE)) ||
    (story && pageCoverage(p) >= COVERAGE_THRESHOLD);
  let anyCovering = search.passages.filter(covers);
  const onlyOneThing =
    anyCovering.length > 0 &&
    anyCovering.every(
      (p) => holdsOne(p) && Math.min(coverageOf(p), p.match.sureCoverage) < ONE_THING_THRESHOLD,
    );
  if (onlyOneThing) anyCovering = [];
  // A page in a language the visitor did not ask in never answers when one in theirs covers the
  // question. Else an English page answers a Spanish question, and an English page with a Spanish
  // note an English one (its English sentences are quoted); a Spanish page never answers an English
  // question ("Andadores / Bastones", matched through a cognate, for "what counts as a disability").
  const readableCovering = anyCovering.filter((p) => readable(p, language));
  const covering =
    readableCovering.length > 0
      ? readableCovering
      : anyCovering.filter((p) => language === 'es' || !onSpanishPage(p));
  if (covering.length === 0) {
    const top = search.passages[0];
    const reason =
      analysis.concepts.length === 0
        ? 'the question names nothing to look for'
        : anyCovering.length > 0
          ? `only pages in another language hold ${COVERAGE_THRESHOLD * 100} % of the question's weighted concepts`
          : onlyOneThing
            ? `every passage holding ${COVERAGE_THRESHOLD * 100} % of the question's weighted concepts holds only one of the things it names (${[...named].join(', ')}), which carries less than ${ONE_THING_THRESHOLD * 100} % of the question`
            : search.passages.some((p) => coverageOf(p) >= COVERAGE_THRESHOLD)
              ? `the passages holding ${COVERAGE_THRESHOLD * 100} % of the question's weighted concepts hold them only in passing (rank score below ${MIN_RELEVANCE})`
              : top
                ? `the best passage holds ${Math.round(coverageOf(top) * 100)} % of the question's weighted concepts (needs ${COVERAGE_THRESHOLD * 100} %); missing: ${top.match.missing.join(', ')}`
                : "no passage holds any of the question's concepts";
    const unknown = search.concepts.filter((c) => !c.known).map((c) => c.key);
    const why =
      unknown.length > 0 ? `${reason}; found nowhere in the knowledge base: ${unknown.join(', ')}` : reason;
    return { covering: [], story, why };
  }
  return { covering, story, why: '' };
}

/**
 * The share of the question a passage holds when the words the site never writes that the visitor
 * says only in their story count as the context they are (concept-weights.ts leaves them out of
 * coverage): below COVERAGE_THRESHOLD, the answer holds what is asked but not the story told, and
 * says it may not be exactly that. Null when the visitor tells no such word.
 */
export function toldCoverage(
  search: ConceptSearchResult,
  followUp: boolean,
  coverageOf: (p: ConceptPassage) => number,
): ((p: ConceptPassage) => number) | null {
  const counted = (c: ConceptSearchResult['matching'][number]) => followUp || c.own === true;
  const total = search.matching.reduce((n, c) => n + (counted(c) ? c.weight : 0), 0);
  const told = search.matching.reduce(
    (n, c) => n + (c.told === undefined ? 0 : c.told - (counted(c) ? c.weight : 0)),
    0,
  );
  return told <= 0 || total <= 0 ? null : (p) => (coverageOf(p) * total) / (total + told);
}
