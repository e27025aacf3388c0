import { type ConceptPassage, type ConceptSearchResult, termEntry } from '../knowledge/concept-search.js';
import { askedWords, questionKind } from '../language/cues.js';
import { type FactIntent, isExactFact, isFact } from '../language/facts.js';
import type { QueryAnalysis } from './query.js';
import { conceptsOfWords, headingPrecision, numberOfAsked } from './question-measures.js';
import { conceptScorer, inRange, questionNumbers, sectionFactHeading } from './score-units.js';
import { splitUnits } from './sentences.js';
import { withoutSharedSuffix } from './titles.js';

/*
 * Which of the covering sections answers: an FAQ entry that asks the visitor's question, a
 * sub-section whose heading states the fact asked for, a section holding the number or the kind
 * of fact asked for, a section of the best page holding all the question, else the best covering one.
 */

/** Share of the question's own weighted concepts the best passage must hold. */
export const COVERAGE_THRESHOLD = 0.5;
/** Share of the question's concepts a section's question heading must hold to be the question asked. */
export const ASKED_HEADING = 0.5;
/**
 * A section preferred for what it is (an FAQ entry asking the question, one stating the fact asked
 * for, one naming the thing asked for) may score this much lower than the best one.
 */
const NEAR_BEST = 0.7;
/** A section holding all the question answers before a best one that does not when it ranks this near it. */
const FULLER_NEAR = 0.9;
/** A share that is all of it (weights are sums of products, so not always exactly 1). */
const WHOLE = 0.999;
/** Two weighted shares this close are the same share. */
const TOLERANCE = 0.001;

/** Two questions ask for the same kind of answer, as far as their openers tell ("any": a situation). */
function sameKind(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === 'any' || b === 'any' || a === b;
}

export interface AnsweringSections {
  /** The sections to answer from, the likeliest first (choosePrimary takes one). */
  candidates: ConceptPassage[];
  /** Whether a section's own heading asks the visitor's question (an FAQ entry, or the term a "what is" asks about). */
  answersHeading: (p: ConceptPassage) => boolean;
  /**
   * Whether a section's heading asks the visitor's question closely, both ways: it holds most of the
   * question and asks little else ("Can hotels assign rooms for guests with service animals?" holds
   * "do hotels have to have accessible rooms" but asks something else).
   */
  asksClosely: (p: ConceptPassage) => boolean;
  /** Numbers the question gives ("a lot with 60 spaces"). */
  numbers: number[];
  /** Whether a text gives the number asked for, of the thing asked about (see numberOfAsked). */
  countsAsked: (text: string) => boolean;
}

/** The sections that may answer, by what the question asks for (see the file's comment). */
export function answeringSections(input: {
  analysis: QueryAnalysis;
  search: ConceptSearchResult;
  /** The passages covering the question, best first. */
  covering: readonly ConceptPassage[];
  coverageOf: (p: ConceptPassage) => number;
  scorer: (text: string) => number;
  facts: readonly FactIntent[];
  /** The question tells a story, answered by the page holding half of it (see covering.ts). */
  story?: boolean;
}): AnsweringSections {
  const { analysis, search, coverageOf, scorer, facts } = input;
  const precisionOf = headingPrecision(search);
  // How closely a heading asks the visitor's question: what it holds of the question, and what of
  // it the question names (of two FAQ entries asking the question, the one asking little else).
  const fit = (heading: string) => {
    const share = scorer(heading);
    const precision = precisionOf(heading);
    return precision + share > 0 ? (2 * share * precision) / (share + precision) : 0;
  };
  // A page whose own title asks the visitor's question ("How to Make a FOIA Request" for "how do I
  // make a FOIA request", "How to Apply for VA Health Care") is the page to answer from, nearly as
  // well as it matches; which of its sections answers is chosen below as on any best page.
  const askedKind = questionKind(analysis.question);
  const rankedTitles = withoutSharedSuffix(input.covering.map((p) => p.title));
  const titled = analysis.intents.includes('definition')
    ? undefined
    : input.covering.find((p, i) => {
        const kind = questionKind(rankedTitles[i]!);
        return (
          kind !== null &&
          kind === askedKind &&
          fit(rankedTitles[i]!) >= ASKED_HEADING &&
          fit(rankedTitles[i]!) > fit(rankedTitles[0]!) &&
          p.match.score >= input.covering[0]!.match.score * NEAR_BEST
        );
      });
  const covering = titled ? [titled, ...input.covering.filter((p) => p !== titled)] : input.covering;
  // Each section's sentences, split once for the several tests below.
  const split = new Map<ConceptPassage, ReturnType<typeof splitUnits>>();
  const unitsOf = (p: ConceptPassage) => {
    let units = split.get(p);
    if (!units) {
      units = splitUnits(p.text);
      split.set(p, units);
    }
    return units;
  };
  // A section headed by a question about the visitor's question (an FAQ entry).
  // "Who can make a request?" is not answered by "What happens after I make a request?".
  const answersHeading = (p: ConceptPassage) => {
    const heading = p.headingPath?.at(-1);
    return (
      heading !== undefined &&
      heading !== p.title &&
      /\?\s*$/.test(heading) &&
      scorer(heading) >= ASKED_HEADING &&
      sameKind(questionKind(heading), askedKind)
    );
  };
  // For "how much / when / where / who do I call", a section that states such a fact, in its text or
  // its own heading ("By July 13, 2011, agencies must:"), beats a slightly better-matching one that
  // does not ("the court has two buildings" vs the address).
  // A section is read in the context of its page's introduction (the text before any sub-heading),
  // which says what the page is about: "By mail" on a page whose introduction says a certificate is
  // "signed by the president" holds "where do I mail the request for the certificate signed by the
  // president". A story's page covers it with all its sections together (see covering.ts): each
  // section is read in the context of the others, and which answers is chosen as on any page (the
  // one with the phone number for "…is there someone we can call?").
  // The question's own concepts (not those a follow-up carries over from the question before).
  const ownKeys = new Set(analysis.concepts.filter((c) => c.boost >= 1).map((c) => c.key));
  const weights = new Map(
    search.matching
      .filter((c) => analysis.followUp || ownKeys.has(c.key))
      .map((c) => [c.key, c.weight] as const),
  );
  const weightTotal = [...weights.values()].reduce((a, b) => a + b, 0);
  const inContext = (x: ConceptPassage, page: readonly ConceptPassage[]) => {
    const own = coverageOf(x);
    const intro = page.find((q) => q !== x && (q.headingPath?.length ?? 0) <= 1);
    const context = input.story ? page.filter((q) => q !== x) : intro ? [intro] : [];
    if (context.length === 0 || weightTotal === 0) return own;
    const added = [...new Set(context.flatMap((q) => q.match.matched))]
      .filter((k) => !x.match.matched.includes(k))
      .reduce((sum, k) => sum + (weights.get(k) ?? 0), 0);
    return own + added / weightTotal;
  };
  const sections = covering.flatMap((p) => [
    p,
    ...(p.sections ?? []).filter((x) => inContext(x, [p, ...(p.sections ?? [])]) >= COVERAGE_THRESHOLD),
  ]);
  const withFactsByScore =
    facts.length > 0
      ? sections.filter(
          (p) =>
            p.match.score >= covering[0]!.match.score * NEAR_BEST &&
            (unitsOf(p).some((u) => isFact(u.text, facts)) || sectionFactHeading(p, facts) !== null),
        )
      : [];
  // Of the best page's sections stating such a fact, one whose own heading names what is asked
  // about ("Hall of Justice (main courthouse)" for "the address of the courthouse") and that holds
  // more of the question comes before one that only mentions it ("both locations").
  const headed = (p: ConceptPassage) =>
    p.documentId === covering[0]!.documentId &&
    (p.headingPath?.length ?? 0) > 1 &&
    scorer(p.headingPath!.at(-1)!) > 0 &&
    coverageOf(p) > coverageOf(withFactsByScore[0]!);
  const withFacts =
    withFactsByScore.length > 1
      ? [...withFactsByScore.filter(headed), ...withFactsByScore.filter((p) => !headed(p))]
      : withFactsByScore;
  // A number the visitor gives ("a lot with 60 spaces") picks the section whose table has its
  // range ("51 to 75").
  const numbers = facts.length > 0 ? questionNumbers(analysis.question) : [];
  const inRangeSections = withFacts.filter((p) => unitsOf(p).some((u) => inRange(u.text, numbers)));
  // "How many people" is answered by a number of people ("find three people"), not of something
  // else the section also names ("45,237 page views"); "how old" by "65 years old".
  const countsAsked = numberOfAsked(search, analysis.question, facts);
  // Of those, the one whose count is most about the question ("You need to find three people to
  // test your website" over "Two people working together").
  const countedShare = (p: ConceptPassage) =>
    Math.max(0, ...unitsOf(p).map((u) => (countsAsked(u.text) ? scorer(u.text) : 0)));
  const countedSections = withFacts
    .map((p) => ({ p, share: countedShare(p) }))
    .filter((c) => c.share > 0)
    .sort((a, b) => b.share - a.share)
    .map((c) => c.p);
  // "When" is answered by a date ("April 24, 2026"), not by a year in an example ("posted in 2020").
  const exactSections = withFacts.filter(
    (p) =>
      unitsOf(p).some((u) => isExactFact(u.text, facts)) ||
      isExactFact(sectionFactHeading(p, facts) ?? '', facts),
  );
  // A section headed by a question asking what the visitor asks (an FAQ entry) answers it, even
  // when another section, of its page or another, holds the question's words more often; when the
  // best section is already such an entry, it answers, before any section that states a fact ("it
  // varies" is the answer to how long, not another page's "within 20 days"). A follow-up asks
  // something else about the subject: its own words must be what the heading asks ("are they
  // free?" and "Are my hearing aid batteries free of charge?"), not only the subject it carries
  // from the previous question.
  const ownScorer = conceptScorer({ ...search, matching: search.matching.filter((c) => ownKeys.has(c.key)) });
  const asksOwn = (p: ConceptPassage) =>
    !analysis.followUp || ownScorer(p.headingPath!.at(-1)!) >= ASKED_HEADING;
  // For "what is X", an entry headed by X alone (a glossary's "Notice of Deficiency") asks it too.
  const isTerm = analysis.intents.includes('definition') ? termEntry(search.matching) : () => false;
  // A term's entry says what it is in prose: a heading over a list of links ("Get Pension Benefits")
  // names the term without defining it.
  const definesAsked = (p: ConceptPassage) => {
    const path = p.headingPath ?? [];
    return path.length > 1 && isTerm(path.at(-1)) && unitsOf(p)[0]?.listItem === false;
  };
  const asksVisitor = (p: ConceptPassage) => (answersHeading(p) && asksOwn(p)) || definesAsked(p);
  // "What is X" on a page about X (its title names all the question asks): its introduction, the
  // text before any sub-heading, says what X is, where its sections each say something about X.
  const introduces = (p: ConceptPassage) =>
    analysis.intents.includes('definition') &&
    (p.headingPath?.length ?? 0) <= 1 &&
    p.match.titleShare >= Math.min(WHOLE, p.match.coverage - TOLERANCE) &&
    p.match.score >= covering[0]!.match.score * NEAR_BEST;
  const intro = sections.filter(introduces);
  // An entry on another page answers instead of the best page only when it asks the question more
  // closely than that page's own title does ("How do I cancel my VA health care enrollment?" does
  // not, against a page titled "How to Apply for VA Health Care").
  const bestTitle = rankedTitles[input.covering.indexOf(covering[0]!)]!;
  const titleFit = sameKind(questionKind(bestTitle), askedKind) ? fit(bestTitle) : 0;
  const asked = sections
    .filter((p) => asksVisitor(p) && p.match.score >= covering[0]!.match.score * NEAR_BEST)
    .map((p) => ({ p, fit: fit(p.headingPath!.at(-1)!) }))
    .filter((a) => a.p.documentId === covering[0]!.documentId || a.fit > titleFit)
    .sort((a, b) => b.fit - a.fit || b.p.match.score - a.p.match.score)
    .map((a) => a.p);
  // A section whose own heading states the fact asked for about the question ("Conduct between 6 to
  // 9 interviews" for "how many interviews") answers it before its body explains.
  const factHeaded = sections.filter((p) => {
    const heading = sectionFactHeading(p, facts);
    return (
      heading !== null &&
      scorer(heading) > 0 &&
      scorer((p.headingPath ?? []).join(' ')) >= ASKED_HEADING &&
      p.match.score >= covering[0]!.match.score * NEAR_BEST
    );
  });
  // A section headed by the question's own frame ("How it works" for "how does the search tool
  // work", "What happens next" for "what happens after I file") is headed by what is asked.
  // Not when the best section is already so headed.
  const frameMatching = search.matching.filter((c) => c.key.startsWith('frame:'));
  const frameScorer = conceptScorer({
    ...search,
    matching: frameMatching.map((c) => ({ ...c, key: c.key.slice('frame:'.length) })),
  });
  const frameHeadedOf = (p: ConceptPassage) => {
    const h = p.headingPath?.at(-1);
    return h !== undefined && h !== p.title && frameScorer(h) >= 1;
  };
  const frameHeaded =
    frameMatching.length > 0 && !frameHeadedOf(covering[0]!)
      ? sections.filter((p) => frameHeadedOf(p) && p.match.score >= covering[0]!.match.score * NEAR_BEST)
      : [];
  // For "how do I …", a sub-section of the best page headed by a label naming what the visitor wants
  // to do ("Look up your hearing" for "how do I look up my case"): its heading says it is about
  // that, where another section only mentions the question's words.
  // Not when the best section is already headed by the question's frame ("Deadlines and what
  // happens if you miss one" for "what happens if I don't pay my ticket").
  const bestHeading = covering[0]!.headingPath?.at(-1);
  const labelHeaded = sections.filter((p) => {
    const heading = p.headingPath?.at(-1);
    return (
      analysis.intents.includes('steps') &&
      heading !== undefined &&
      !frameHeadedOf(covering[0]!) &&
      (bestHeading === undefined || scorer(heading) > scorer(bestHeading)) &&
      (p.headingPath?.length ?? 0) > 1 &&
      !/\?\s*$/.test(heading) &&
      p.documentId === covering[0]!.documentId &&
      scorer(heading) >= ASKED_HEADING &&
      p.match.score >= covering[0]!.match.score * NEAR_BEST
    );
  });
  // For "how do I …" on a page about what is asked (its title names all the question holds), the
  // page's own how-to section ("How do I apply for a memorial item?" on "Request Veterans
  // Headstones…" for "how do I get a headstone") gives the steps, where another section only
  // mentions the thing more often. Not when the best section is already so headed, nor when the
  // visitor also asks what the thing is (the page's introduction says that first).
  const howToOf = (p: ConceptPassage) => {
    const heading = p.headingPath?.at(-1);
    return (p.headingPath?.length ?? 0) > 1 && heading !== undefined && questionKind(heading) === 'manner';
  };
  const howTo =
    analysis.intents.includes('steps') &&
    !analysis.intents.includes('definition') &&
    !howToOf(covering[0]!) &&
    covering[0]!.match.titleShare >= Math.min(WHOLE, covering[0]!.match.coverage - TOLERANCE)
      ? sections.filter(
          (p) =>
            howToOf(p) &&
            p.documentId === covering[0]!.documentId &&
            p.match.score >= covering[0]!.match.score * NEAR_BEST,
        )
      : [];
  // A section of the best page that holds all the question where the best section does not, and
  // ranks nearly as well (of a follow-up, all it asks itself: the subject it carries over is the
  // page's) ("Voter registration deadlines: … up to and including on Election Day" for "can I
  // register on Election Day in California", over "How to register to vote", which has no "day").
  const fuller = sections
    .filter(
      (p) =>
        p.documentId === covering[0]!.documentId &&
        p.match.ownCoverage >= WHOLE &&
        covering[0]!.match.ownCoverage < WHOLE &&
        p.match.score >= covering[0]!.match.score * FULLER_NEAR,
    )
    .sort((a, b) => b.match.score - a.match.score);
  // The first kind that any section is, in this order of preference; else every covering passage.
  const candidates = [
    asked,
    intro,
    frameHeaded,
    factHeaded,
    inRangeSections,
    countedSections,
    exactSections,
    withFacts,
    labelHeaded,
    howTo,
    fuller,
  ].find((list) => list.length > 0);
  return {
    candidates: namingAsked(search, analysis.question, candidates ?? covering, sections, covering[0]!),
    // A term's own entry, like an FAQ entry, answers from its start.
    answersHeading: (p) => answersHeading(p) || definesAsked(p) || introduces(p),
    asksClosely: (p) => answersHeading(p) && fit(p.headingPath!.at(-1)!) >= ASKED_HEADING,
    numbers,
    countsAsked,
  };
}

/**
 * "Which bus goes to the courthouse" is answered by a section that names a bus: when the likeliest
 * section does not name the kind of thing a which/what question asks for, the sections that do (and
 * match the question nearly as well) come first.
 */
function namingAsked(
  search: ConceptSearchResult,
  question: string,
  candidates: readonly ConceptPassage[],
  sections: readonly ConceptPassage[],
  best: ConceptPassage,
): ConceptPassage[] {
  const keys = conceptsOfWords(search, askedWords(question)).map((c) => c.key);
  const names = (p: ConceptPassage) =>
    keys.every((k) => p.match.matched.includes(k) && !p.match.loose.includes(k));
  if (keys.length === 0 || candidates.length === 0 || names(candidates[0]!)) return [...candidates];
  const near = (p: ConceptPassage) => names(p) && p.match.score >= best.match.score * NEAR_BEST;
  // Of the likeliest kind of section first (an FAQ entry, a section with the fact), else any.
  const naming = candidates.filter(near);
  const others = naming.length > 0 ? naming : sections.filter(near);
  if (others.length === 0) return [...candidates];
  return [
    ...[...others].sort((a, b) => b.match.score - a.match.score),
    ...candidates.filter((p) => !others.includes(p)),
  ];
}
