import { type ConceptPassage, type ConceptSearchResult, termEntry } from '../knowledge/concept-search.js';
import { stemForms } from '../knowledge/concept-weights.js';
import { countedWords, type Intent, questionKind } from '../language/cues.js';
import { type FactIntent, factIntentsOf, isExactFact, isFact } from '../language/facts.js';
import { contentWords, detectLanguage, isSpanishSentence, type Language, words } from '../language/words.js';
import {
  conceptScorer,
  inRange,
  pickUnits,
  questionNumbers,
  type ScoredUnit,
  scoreUnits,
  sectionFactHeading,
  trimToBudget,
} from './pick-units.js';
import type { QueryAnalysis } from './query.js';
import { neutralizeMarkdown, render } from './render.js';
import { contactSentence, type HelpContacts, REPLIES, referralSentence } from './replies.js';
import { splitUnits } from './sentences.js';
import { smallTalkReply } from './small-talk.js';
import { withoutSharedSuffix } from './titles.js';

/*
 * Answer-first extractive composition. The passage that answers is one section of one page (chunks
 * never mix sections); from it the answer quotes, in the page's reading order, what was asked: the
 * amount, time, address or phone for "how much / when / where / who do I call", the list for "what
 * do I bring / need", the steps for "how do I", else the sentences that carry the question's
 * concepts. A list stays a list, a table row keeps its column names. One [Source N] per source per
 * paragraph, at its end. Whether to answer at all is decided from the retrieval evidence: the share
 * of the question's (idf-weighted) concepts the best passage holds.
 */

export type Outcome = 'answered' | 'not_found' | 'legal_advice' | 'small_talk';

export interface ComposeInput {
  analysis: QueryAnalysis;
  search: ConceptSearchResult;
  cite: boolean;
  help?: HelpContacts;
}

export interface Explanation {
  language: Language;
  intents: Intent[];
  followUp: boolean;
  concepts: ConceptSearchResult['concepts'];
  passages: {
    title: string;
    source: string;
    headings: string[];
    score: number;
    coverage: number;
    matched: string[];
    missing: string[];
    /** The page's other matching sections, best first: what staff compare the quoted one with. */
    sections: { headings: string[]; score: number; coverage: number; missing: string[] }[];
  }[];
  outcome: Outcome;
  reason: string;
}

export interface ComposedAnswer {
  content: string;
  /** sources[i] is `[Source i+1]`, in order of first use. */
  sources: ConceptPassage[];
  outcome: Outcome;
  explanation: Explanation;
}

/** Content words an answer quotes at least, unless it quotes the fact asked for. */
const MIN_ANSWER_WORDS = 2;
/** Share of the question's own weighted concepts the best passage must hold. */
export const COVERAGE_THRESHOLD = 0.5;
/** The same when every passage holds just one of the two or more things the question names. */
const ONE_THING_THRESHOLD = 0.6;
/** Share of the question's concepts a section's question heading must hold to be the question asked. */
const ASKED_HEADING = 0.5;
/** A section so headed may score this much lower than the best one. */
const ASKED_SECTION_RATIO = 0.7;
/** Sub-sections a lead-in brings, by their heading and first sentence. */
const MAX_SUBSECTIONS = 5;
/** A section holding the kind of fact asked for may score this much lower than the best one. */
const FACT_SECTION_RATIO = 0.7;
/** A section in the question's language may score this much lower than the best one. */
const SAME_LANGUAGE_RATIO = 0.65;
/**
 * Other pages that answer the question nearly as well as the one quoted are named after the answer
 * (by title, each with its marker), so a visitor whose page was not the first one finds it a tap away.
 */
const RELATED_RATIO = 0.75;
const MAX_RELATED = 2;

/** Two questions ask for the same kind of answer, as far as their openers tell ("any": a situation). */
function sameKind(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === 'any' || b === 'any' || a === b;
}

function passageLanguage(p: ConceptPassage): Language {
  return detectLanguage(`${p.title} ${p.text.slice(0, 600)}`);
}

/** English words a passage needs, outside its Spanish sentences, to answer an English question. */
const ENGLISH_WORDS = 10;

/**
 * Whether a passage says something in the visitor's language: it is written in it, or, for English,
 * it is on an English page and its English sentences say enough (a section with a Spanish note,
 * "Obtenga instrucciones en Español…", reads as Spanish overall; its English sentences still answer).
 */
function speaks(p: ConceptPassage, language: Language): boolean {
  if (passageLanguage(p) === language) return true;
  // A Spanish page ("Presente una queja") is not English for an address line or a name on it.
  if (language !== 'en' || detectLanguage(p.title) !== 'en') return false;
  let english = 0;
  for (const u of splitUnits(p.text)) {
    if (!isSpanishSentence(u.text) && detectLanguage(u.text) === 'en') english += words(u.text).length;
    if (english >= ENGLISH_WORDS) return true;
  }
  return false;
}

/** English answers a Spanish question when nothing better exists; Spanish never answers English. */
function readable(p: ConceptPassage, language: Language): boolean {
  return speaks(p, language) || language === 'es';
}

/** The passage to quote: the best covering one, in the question's language when one is nearly as good. */
function choosePrimary(covering: readonly ConceptPassage[], language: Language): ConceptPassage {
  const best = covering[0]!;
  if (speaks(best, language)) return best;
  // A page in the visitor's language is preferred when it covers the question nearly as well.
  const same = covering.find(
    (p) =>
      passageLanguage(p) === language &&
      p.match.score >= best.match.score * SAME_LANGUAGE_RATIO &&
      p.match.ownCoverage >= best.match.ownCoverage - 0.2,
  );
  return same ?? best;
}

/** Words after a number that may still name what it counts ("three more people", "20 working-day"). */
const COUNTED_WITHIN = 2;

/**
 * Whether a text gives the number the question asks for, of the thing it asks about: a number
 * followed, within a few words, by a word of the counted thing's concepts ("find three people",
 * "110 words or fewer" for "how many people / words"), or by the word the question is framed with
 * ("65 years old" for "how old"). Never, for a question that asks for no fact.
 */
function numberOfAsked(
  search: ConceptSearchResult,
  question: string,
  facts: readonly FactIntent[],
): (text: string) => boolean {
  // A span of time ("how many days do I have") is a duration, read as one.
  const counted =
    facts.includes('count') && !facts.includes('duration')
      ? countedWords(question).map((w) => stemForms([w]).en)
      : [];
  const concepts = search.matching.filter(
    (c) =>
      (facts.length > 0 && c.key.startsWith('frame:')) ||
      c.alternatives.some((a) => a.weight === 1 && a.words.some((w) => counted.includes(stemForms([w]).en))),
  );
  const forms = concepts.flatMap((c) =>
    c.alternatives.filter((a) => a.words.length === 1).map((a) => stemForms(a.words)),
  );
  if (forms.length === 0) return () => false;
  return (text) => {
    if (!isFact(text, ['count'])) return false;
    const ws = words(text);
    return ws.some(
      (w, i) =>
        isFact(w, ['count']) &&
        ws.slice(i + 1, i + 1 + COUNTED_WITHIN).some((next) => {
          const f = stemForms([next]);
          return forms.some((x) => x.en === f.en || x.es === f.es);
        }),
    );
  };
}

export function composeAnswer(input: ComposeInput): ComposedAnswer {
  const { analysis, search, cite, help } = input;
  const language = analysis.language;
  const r = REPLIES[language];
  const advice = analysis.intents.includes('advice');
  // A follow-up ("what do I have to show?") is about the previous question too: its coverage counts
  // the concepts carried over (at their lower weight), not only its own few words.
  const coverageOf = (p: ConceptPassage) => (analysis.followUp ? p.match.coverage : p.match.ownCoverage);
  const explanation: Explanation = {
    language,
    intents: analysis.intents,
    followUp: analysis.followUp,
    concepts: search.concepts,
    passages: search.passages.map((p) => ({
      title: p.title,
      source: p.sourceFilename,
      headings: p.headingPath ?? [],
      score: Math.round(p.match.score * 1000) / 1000,
      coverage: Math.round(coverageOf(p) * 1000) / 1000,
      matched: p.match.matched,
      missing: p.match.missing,
      sections: (p.sections ?? []).map((x) => ({
        headings: x.headingPath ?? [],
        score: Math.round(x.match.score * 1000) / 1000,
        coverage: Math.round(coverageOf(x) * 1000) / 1000,
        missing: x.match.missing,
      })),
    })),
    outcome: 'answered',
    reason: '',
  };
  const done = (
    content: string,
    sources: ConceptPassage[],
    outcome: Outcome,
    reason: string,
  ): ComposedAnswer => {
    explanation.outcome = outcome;
    explanation.reason = reason;
    return { content, sources, outcome, explanation };
  };

  const smallTalk = smallTalkReply(analysis.question, language);
  if (smallTalk !== null) return done(smallTalk, [], 'small_talk', 'greeting or thanks');

  // A question naming two things or more, where every passage holds just one of them ("how do i
  // renew my passport" on a page that mentions a passport once), is answered only when that thing
  // carries most of the question: one word in common is weak evidence.
  const named = new Set(search.concepts.filter((c) => !c.key.includes(':')).map((c) => c.key));
  const holdsOne = (p: ConceptPassage) =>
    named.size >= 2 && p.match.matched.filter((k) => named.has(k)).length === 1;
  let anyCovering = search.passages.filter((p) => coverageOf(p) >= COVERAGE_THRESHOLD);
  if (anyCovering.every((p) => holdsOne(p) && coverageOf(p) < ONE_THING_THRESHOLD)) anyCovering = [];
  // A page in a language the visitor did not ask in never answers when one in theirs covers the
  // question: an English question quoted from a Spanish page (matched through a cognate) helps nobody.
  const readableCovering = anyCovering.filter((p) => readable(p, language));
  const covering = readableCovering.length > 0 ? readableCovering : anyCovering;
  if (covering.length === 0) {
    const top = search.passages[0];
    const reason =
      analysis.concepts.length === 0
        ? 'the question names nothing to look for'
        : top
          ? `the best passage holds ${Math.round(coverageOf(top) * 100)} % of the question's weighted concepts (needs ${COVERAGE_THRESHOLD * 100} %); missing: ${top.match.missing.join(', ')}`
          : "no passage holds any of the question's concepts";
    const unknown = search.concepts.filter((c) => !c.known).map((c) => c.key);
    const why =
      unknown.length > 0 ? `${reason}; found nowhere in the knowledge base: ${unknown.join(', ')}` : reason;
    if (advice) {
      return done(
        [r.legalAdvice, referralSentence(help, language), contactSentence(help, language)].join('\n\n'),
        [],
        'legal_advice',
        `legal advice asked; ${why}`,
      );
    }
    return done(`${r.notFound} ${contactSentence(help, language)}`, [], 'not_found', why);
  }

  const facts = factIntentsOf(analysis.intents);
  const scorer = conceptScorer(search);
  // A section headed by a question about the visitor's question (an FAQ entry).
  // "Who can make a request?" is not answered by "What happens after I make a request?".
  const askedKind = questionKind(analysis.question);
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
  // For "how much / when / where / who do I call", a section that states such a fact beats a
  // slightly better-matching one that does not ("the court has two buildings" vs the address).
  const sections = covering.flatMap((p) => [
    p,
    ...(p.sections ?? []).filter((x) => coverageOf(x) >= COVERAGE_THRESHOLD),
  ]);
  const withFacts =
    facts.length > 0
      ? sections.filter(
          (p) =>
            p.match.score >= covering[0]!.match.score * FACT_SECTION_RATIO &&
            splitUnits(p.text).some((u) => isFact(u.text, facts)),
        )
      : [];
  // A number the visitor gives ("a lot with 60 spaces") picks the section whose table has its
  // range ("51 to 75").
  const numbers = facts.length > 0 ? questionNumbers(analysis.question) : [];
  const inRangeSections = withFacts.filter((p) => splitUnits(p.text).some((u) => inRange(u.text, numbers)));
  // "How many people" is answered by a number of people ("find three people"), not of something
  // else the section also names ("45,237 page views"); "how old" by "65 years old".
  const countsAsked = numberOfAsked(search, analysis.question, facts);
  // Of those, the one whose count is most about the question ("You need to find three people to
  // test your website" over "Two people working together").
  const countedShare = (p: ConceptPassage) =>
    Math.max(0, ...splitUnits(p.text).map((u) => (countsAsked(u.text) ? scorer(u.text) : 0)));
  const countedSections = withFacts
    .map((p) => ({ p, share: countedShare(p) }))
    .filter((c) => c.share > 0)
    .sort((a, b) => b.share - a.share)
    .map((c) => c.p);
  // "When" is answered by a date ("April 24, 2026"), not by a year in an example ("posted in 2020").
  const exactSections = withFacts.filter((p) => splitUnits(p.text).some((u) => isExactFact(u.text, facts)));
  // A section headed by a question asking what the visitor asks (an FAQ entry) answers it, even
  // when another section, of its page or another, holds the question's words more often.
  // Not when the best section is already such an entry. A follow-up asks something else about the
  // subject: its own words must be what the heading asks ("are they free?" and "Are my hearing aid
  // batteries free of charge?"), not only the subject it carries from the previous question.
  const own = new Set(analysis.concepts.filter((c) => c.boost >= 1).map((c) => c.key));
  const ownScorer = conceptScorer({ ...search, matching: search.matching.filter((c) => own.has(c.key)) });
  const asksOwn = (p: ConceptPassage) =>
    !analysis.followUp || ownScorer(p.headingPath!.at(-1)!) >= ASKED_HEADING;
  const asked = (answersHeading(covering[0]!) ? [] : sections)
    .filter(
      (p) =>
        answersHeading(p) && asksOwn(p) && p.match.score >= covering[0]!.match.score * ASKED_SECTION_RATIO,
    )
    .map((p) => ({ p, share: scorer(p.headingPath!.at(-1)!) }))
    .sort((a, b) => b.share - a.share || b.p.match.score - a.p.match.score)
    .map((a) => a.p);
  // A section whose own heading states the fact asked for about the question ("Conduct between 6 to
  // 9 interviews" for "how many interviews") answers it before its body explains.
  const factHeaded = sections.filter((p) => {
    const heading = sectionFactHeading(p, facts);
    return (
      heading !== null &&
      scorer(heading) > 0 &&
      scorer((p.headingPath ?? []).join(' ')) >= ASKED_HEADING &&
      p.match.score >= covering[0]!.match.score * FACT_SECTION_RATIO
    );
  });
  let primary = choosePrimary(
    asked.length > 0
      ? asked
      : factHeaded.length > 0
        ? factHeaded
        : inRangeSections.length > 0
          ? inRangeSections
          : countedSections.length > 0
            ? countedSections
            : exactSections.length > 0
              ? exactSections
              : withFacts.length > 0
                ? withFacts
                : covering,
    language,
  );
  // An English question is never answered in Spanish: a Spanish note inside an English section
  // ("Llene la solicitud…") is left out, its lines renumbered so reading order still holds.
  const readableUnits = (p: ConceptPassage) => {
    const units = scoreUnits(p, scorer, facts, numbers, countsAsked);
    if (language !== 'en') return units;
    return units
      .filter((u) => !isSpanishSentence(u.unit.text))
      .map((u, i) => ({ ...u, unit: { ...u.unit, position: i } }));
  };
  // A bare word or two ("Texas.", a lone list item) says nothing on its own unless it is the fact
  // asked for: such a pick is no answer.
  const says = (units: ScoredUnit[]) =>
    units.some((u) => u.fact) ||
    units.reduce((n, u) => n + contentWords(u.unit.text).length, 0) >= MIN_ANSWER_WORDS;
  const pick = (p: ConceptPassage) => {
    const units = trimToBudget(
      pickUnits(readableUnits(p), analysis.intents, p.match.fieldShare > 0, answersHeading(p)),
    );
    return says(units) ? units : [];
  };
  let picked = pick(primary);
  // A section with nothing quotable (a heading and a link) gives way to the next one.
  for (const next of covering) {
    if (picked.length > 0) break;
    primary = next;
    picked = pick(next);
  }
  if (picked.length === 0) {
    return done(
      `${r.notFound} ${contactSentence(help, language)}`,
      [],
      'not_found',
      'nothing quotable in the passages found',
    );
  }
  // A glossary entry quoted for "what does X mean" says what it defines ("Pro Se: A petitioner who …").
  const term = primary.headingPath?.at(-1);
  const first = picked[0]!;
  if (
    analysis.intents.includes('definition') &&
    term !== undefined &&
    term !== primary.title &&
    termEntry(search.matching)(term) &&
    first.unit.position === 0 &&
    !first.unit.listItem
  ) {
    picked[0] = { ...first, unit: { ...first.unit, text: `${term.replace(/:$/, '')}: ${first.unit.text}` } };
  }
  // A lead-in that ends the section ("There are two options for filing a complaint:") is followed
  // by the sub-sections it introduces: each one's heading and first sentence. So is a "how do I"
  // answer quoted as prose from a section whose sub-sections are headed by the question's own words,
  // one per way ("You can pay online, by mail, or in person." then "Pay online", "Pay by mail"…).
  // The sections that follow are read from the index only here, when one of these applies.
  const last = picked.at(-1)!;
  const leadIn = last.unit.text.endsWith(':') && !last.unit.listItem;
  const howTo = !leadIn && analysis.intents.includes('steps') && !picked.some((u) => u.unit.listItem);
  let brought: { headingPath: string[]; text: string }[] = [];
  if (leadIn || howTo) {
    const path = primary.headingPath ?? [];
    const subsections = (primary.following ?? []).filter(
      (f) => f.headingPath.length > path.length && path.every((h, i) => f.headingPath[i] === h),
    );
    const ways = howTo ? subsections.filter((f) => scorer(f.headingPath.at(-1) ?? '') > 0) : [];
    brought = leadIn ? subsections : ways.length >= 2 ? ways : [];
  }
  for (const [i, f] of brought.slice(0, MAX_SUBSECTIONS).entries()) {
    const first = splitUnits(f.text)[0];
    if (!first) continue;
    const heading = f.headingPath.at(-1) ?? '';
    const text = neutralizeMarkdown(heading ? `${heading.replace(/:$/, '')}: ${first.text}` : first.text);
    picked.push({
      unit: { text, listItem: true, position: last.unit.position + 1 + i },
      concepts: 0,
      fact: false,
    });
  }
  const sources: ConceptPassage[] = [];
  const markerFor = (p: ConceptPassage) => {
    if (!cite) return '';
    let i = sources.indexOf(p);
    if (i === -1) i = sources.push(p) - 1;
    return ` [Source ${i + 1}]`;
  };
  const blocks = render(picked, markerFor(primary));
  // The fact asked for is missing from the best section but another page holds it: add it.
  if (facts.length > 0 && !picked.some((u) => u.fact)) {
    for (const other of covering.slice(0, 3)) {
      if (other === primary || !readable(other, language)) continue;
      const units = scoreUnits(other, scorer, facts).filter((u) => u.fact && u.concepts > 0);
      if (units.length === 0) continue;
      const best = units.sort((a, b) => b.concepts - a.concepts)[0]!;
      blocks.push(...render([best], markerFor(other)));
      break;
    }
  }
  // Other pages covering the question nearly as well: named by title, one tap away.
  const related = covering
    .filter(
      (p) =>
        !sources.some((s) => s.documentId === p.documentId) &&
        readable(p, language) &&
        p.match.score >= covering[0]!.match.score * RELATED_RATIO,
    )
    .slice(0, MAX_RELATED);
  if (cite && related.length > 0) {
    const titles = withoutSharedSuffix([primary.title, ...related.map((p) => p.title)]).slice(1);
    const items = related.map((p, i) => `- ${neutralizeMarkdown(titles[i]!)}${markerFor(p)}`);
    blocks.push(`${r.seeAlso}\n${items.join('\n')}`);
  }
  const primaryLanguage = passageLanguage(primary);
  if (language === 'es' && primaryLanguage === 'en') blocks.unshift(r.onlyEnglish);
  if (advice) {
    blocks.unshift(`${r.legalAdvice} ${r.legalAdviceFacts}`);
    blocks.push(referralSentence(help, language));
    return done(
      blocks.join('\n\n'),
      sources,
      'legal_advice',
      'legal advice asked: procedural facts and referral given',
    );
  }
  return done(
    blocks.join('\n\n'),
    sources,
    'answered',
    `quoted ${picked.length} unit(s) from "${primary.title}"${primary.headingPath?.length ? ` > ${primary.headingPath.join(' > ')}` : ''}`,
  );
}
