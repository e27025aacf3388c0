import { type ConceptPassage, type ConceptSearchResult, termEntry } from '../knowledge/concept-search.js';
import { opensWithBareAnswer, withoutQuestionLabel } from '../language/answer-words.js';
import type { Intent } from '../language/cues.js';
import { type FactIntent, factIntentsOf } from '../language/facts.js';
import { stem } from '../language/stem.js';
import { contentWords, isSpanishSentence, type Language, words } from '../language/words.js';
import { answeringSections, COVERAGE_THRESHOLD } from './answer-sections.js';
import { coveringPassages, toldCoverage } from './covering.js';
import { openingLine } from './list-runs.js';
import { choosePrimary, passageLanguage, readable } from './passage-language.js';
import { leadsIn, pickUnits, trimToBudget } from './pick-units.js';
import type { QueryAnalysis } from './query.js';
import { relatedPages } from './related-pages.js';
import { neutralizeMarkdown, render } from './render.js';
import { contactSentence, type HelpContacts, REPLIES, referralSentence } from './replies.js';
import { conceptScorer, phraseCounter, type ScoredUnit, scoreUnits } from './score-units.js';
import { isQuestion } from './sentences.js';
import { smallTalkReply } from './small-talk.js';
import { withoutSharedSuffix } from './titles.js';

/*
 * Answer-first extractive composition. The passage that answers is one section of one page (chunks
 * never mix sections); from it the answer quotes, in the page's reading order, what was asked: the
 * amount, time, address or phone for "how much / when / where / who do I call", the list for "what
 * do I bring / need", the steps for "how do I", else the sentences that carry the question's
 * concepts. A list stays a list, a table row keeps its column names. One [Source N] per source per
 * paragraph, at its end. Whether to answer at all is decided from the retrieval evidence (see
 * covering.ts).
 */

export type Outcome = 'answered' | 'not_found' | 'legal_advice' | 'small_talk';

export interface ComposeInput {
  analysis: QueryAnalysis;
  search: ConceptSearchResult;
  cite: boolean;
  help?: HelpContacts;
  /** Name other pages that answer nearly as well after the answer (default true). */
  related?: boolean;
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
  /**
   * Of a message asking several questions, those nothing was found for while others were answered,
   * as the visitor wrote them (see mergeAnswers); absent for one question.
   */
  unanswered?: string[];
  explanation: Explanation;
}

/** Content words an answer quotes at least, unless it quotes the fact asked for. */
const MIN_ANSWER_WORDS = 2;
/** Sub-sections a lead-in brings, by their heading and first sentence. */
const MAX_SUBSECTIONS = 5;
/** Items of one list stating the fact asked for, quoted from another section of the page. */
const MAX_FACT_ITEMS = 3;
/** Facts that say where to reach someone: what another section of the page may add (see factOnSamePage). */
const REACH_FACTS: readonly FactIntent[] = ['place', 'phone', 'email', 'contact'];

export function composeAnswer(input: ComposeInput): ComposedAnswer {
  const { analysis, search, cite, help, related: nameRelated = true } = input;
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

  const { covering, story, why } = coveringPassages(analysis, search, coverageOf, advice);
  if (covering.length === 0) {
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
  const { candidates, answersHeading, asksClosely, numbers, countsAsked } = answeringSections({
    analysis,
    search,
    covering,
    coverageOf,
    scorer,
    facts,
    story,
  });
  // The likeliest kind of section may be English only (an FAQ entry asking the question, a section
  // stating the fact): any covering page in the visitor's language nearly as good is preferred.
  let primary = choosePrimary(candidates, language, covering);
  const phrases = phraseCounter(analysis.question);
  // An English question is never answered in Spanish: a Spanish note inside an English section
  // ("Llene la solicitud…") is left out, its lines renumbered so reading order still holds.
  const readableUnits = (p: ConceptPassage) => {
    const units = scoreUnits(p, scorer, facts, numbers, countsAsked, phrases);
    if (language !== 'en') return units;
    return units
      .filter((u) => !isSpanishSentence(u.unit.text))
      .map((u, i) => ({ ...u, unit: { ...u.unit, position: i } }));
  };
  // A bare word or two ("Texas.", a lone list item) says nothing on its own unless it is the fact
  // asked for: such a pick is no answer. Nor are questions alone (an FAQ's list of its questions).
  // A list item that only repeats the question's words ("Movie theaters." for "do movie theaters
  // have to have captions") mentions what is asked without saying anything of it.
  const asked = new Set(contentWords(analysis.question).map((w) => stem(w, language)));
  // A lead-in quoted with its list's items ("This office serves:" then "Texas.") says what the items
  // are, not anything itself; quoted alone, it brings the sub-sections it introduces (below).
  const introduces = (u: ScoredUnit) => leadsIn(u) && !u.fact;
  const says = (picked: ScoredUnit[]) => {
    const units = picked.some((u) => u.unit.listItem) ? picked.filter((u) => !introduces(u)) : picked;
    if (units.every((u) => isQuestion(u.unit.text))) return false;
    if (units.some((u) => u.fact)) return true;
    const quoted = units.flatMap((u) => contentWords(u.unit.text));
    if (quoted.length < MIN_ANSWER_WORDS) return false;
    // A sentence restating the question confirms it ("The interpreter swears an oath.").
    return units.some((u) => !u.unit.listItem) || quoted.some((w) => !asked.has(stem(w, language)));
  };
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
  // The section's own heading is quoted before its opening unit when that unit leans on it: a
  // glossary entry quoted for "what does X mean" ("Pro Se: A petitioner who …"); a parenthesis that
  // qualifies the heading ("Issues with Air Travel (involving a specific airline): File with …");
  // a bare "No." answering an FAQ's question, which may not be the visitor's ("what can I still
  // do?"), unless the visitor asked that same yes-or-no question, closely (see asksClosely).
  const term = primary.headingPath?.at(-1);
  const first = picked[0]!;
  if (term !== undefined && term !== primary.title && first.unit.position === 0) {
    const heading = withoutQuestionLabel(term.trim()).replace(/:$/, '');
    const text = first.unit.text.trim();
    // Not when the sentence opens with the term itself ("VA pension benefits provide…" under "VA
    // Pension Benefits").
    const termWords = contentWords(heading);
    const opening = new Set(
      words(text)
        .slice(0, words(heading).length + 1)
        .map((w) => stem(w, language)),
    );
    const saysTerm = termWords.every((w) => opening.has(stem(w, language)));
    const defines =
      analysis.intents.includes('definition') &&
      termEntry(search.matching)(term) &&
      !first.unit.listItem &&
      !saysTerm;
    const qualifies = text.startsWith('(');
    const answersFaq =
      heading.endsWith('?') &&
      opensWithBareAnswer(text) &&
      !(analysis.intents.includes('yesno') && asksClosely(primary));
    const lead = defines ? `${heading}:` : qualifies || answersFaq ? heading : null;
    if (lead !== null) picked[0] = { ...first, unit: { ...first.unit, text: `${lead} ${first.unit.text}` } };
  }
  // A lead-in that ends the section ("There are two options for filing a complaint:") is followed
  // by the sub-sections it introduces: each one's heading and first sentence. So is a "how do I"
  // answer quoted as prose from a section whose sub-sections are headed by the question's own words,
  // one per way ("You can pay online, by mail, or in person." then "Pay online", "Pay by mail"…).
  // The sections that follow are read from the index only here, when one of these applies.
  const last = picked.at(-1)!;
  const leadIn = leadsIn(last);
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
    const first = openingLine(f.text);
    if (first === null) continue;
    const heading = withoutQuestionLabel(f.headingPath.at(-1) ?? '');
    const text = neutralizeMarkdown(heading ? `${heading.replace(/:$/, '')}: ${first}` : first);
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
  // The fact asked for is missing from the best section: another section of the same page that
  // states it ("How do I get these benefits?" with the phone number), else another page.
  // Only where to reach someone (an address, a phone, an email): a page's contact serves its whole
  // subject, while an amount or a time belongs to the clause stating it.
  const factMissing = facts.length > 0 && !picked.some((u) => u.fact);
  const reach = facts.filter((f) => REACH_FACTS.includes(f));
  const onPage =
    factMissing && reach.length > 0 ? factOnSamePage(primary, search, scorer, reach, language) : [];
  if (onPage.length > 0) blocks.push(...render(onPage, markerFor(primary)));
  else if (factMissing) {
    for (const other of covering.slice(0, 3)) {
      if (other === primary || !readable(other, language)) continue;
      const units = scoreUnits(other, scorer, facts).filter((u) => u.fact && u.concepts > 0);
      if (units.length === 0) continue;
      const best = units.sort((a, b) => b.concepts - a.concepts)[0]!;
      blocks.push(...render([best], markerFor(other)));
      break;
    }
  }
  // Words the site never writes, told in the visitor's story, do not decide coverage; when counting
  // them no passage would cover the question, the answer may not be about the story told.
  const told = toldCoverage(search, analysis.followUp, coverageOf);
  const partly =
    (story && coverageOf(primary) < COVERAGE_THRESHOLD) ||
    (told !== null && coveringPassages(analysis, search, told, advice).covering.length === 0);
  // Other pages covering the question nearly as well, named by title, one tap away (see related-pages.ts).
  const related = relatedPages({ picked, primary, covering, search, language, sources, partly });
  if (cite && nameRelated && related.length > 0) {
    const titles = withoutSharedSuffix([primary.title, ...related.map((p) => p.title)]).slice(1);
    const items = related.map((p, i) => `- ${neutralizeMarkdown(titles[i]!)}${markerFor(p)}`);
    blocks.push(`${r.seeAlso}\n${items.join('\n')}`);
  }
  const primaryLanguage = passageLanguage(primary);
  if (language === 'es' && primaryLanguage === 'en') blocks.unshift(r.onlyEnglish);
  if (partly) blocks.unshift(r.partial);
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
    `${partly ? 'the page, not one section, holds the story the question tells: ' : ''}quoted ${picked.length} unit(s) from "${primary.title}"${primary.headingPath?.length ? ` > ${primary.headingPath.join(' > ')}` : ''}`,
  );
}

/**
 * The fact asked for as another section of the primary's own page states it (a matching section, else
 * one that follows the primary): the unit, or, when it is an item of a list, the sentence leading
 * into the list and the list's items that state such a fact ("To access these services, contact our
 * staff:" / "By phone at …" / "By email at …"). The fact or its lead-in must hold one of the
 * question's concepts. Empty when no section does.
 */
function factOnSamePage(
  primary: ConceptPassage,
  search: ConceptSearchResult,
  scorer: (text: string) => number,
  facts: readonly FactIntent[],
  language: Language,
): ScoredUnit[] {
  const head = search.passages.find((p) => p.documentId === primary.documentId);
  const matching = head ? [head, ...(head.sections ?? [])] : [];
  // Then the sections that follow the quoted one on its page, matching or not.
  const following = (primary.following ?? []).map(
    (f): ConceptPassage => ({ ...primary, headingPath: f.headingPath, text: f.text, chunkIndex: -1 }),
  );
  for (const section of [...matching, ...following]) {
    if (section.chunkIndex === primary.chunkIndex || !readable(section, language)) continue;
    const units = scoreUnits(section, scorer, facts);
    const at = units.findIndex((u) => u.fact);
    if (at === -1) continue;
    const fact = units[at]!;
    if (!fact.unit.listItem) {
      if (fact.concepts > 0) return [fact];
      continue;
    }
    const before = units.slice(0, at).findLast((u) => !u.unit.listItem);
    const lead = before && leadsIn(before) ? before : undefined;
    if (fact.concepts === 0 && !(lead && lead.concepts > 0)) continue;
    const items: ScoredUnit[] = [];
    for (const u of units.slice(at)) {
      if (!u.unit.listItem) break;
      if (u.fact) items.push(u);
    }
    return [...(lead ? [lead] : []), ...items.slice(0, MAX_FACT_ITEMS)];
  }
  return [];
}
