import type { Passage } from '../knowledge/search.js';
import { questionCues } from './intent.js';
import { type Concept, questionConcepts } from './lexicon.js';
import { type Candidate, selectUnits } from './selection.js';
import { splitUnits } from './sentences.js';
import { smallTalkReply } from './small-talk.js';
import { contentTerms, detectLanguage, type Language } from './terms.js';

export interface ExtractiveInput {
  question: string;
  /** The previous user turn, used only to fill in a short follow-up ("and on weekends?"). */
  previousQuestion: string | null;
  passages: readonly Passage[];
  language: Language;
  cite: boolean;
}

export interface ComposedAnswer {
  content: string;
  /** sources[i] is `[Source i+1]`, numbered in order of first use. */
  sources: Passage[];
}

const NOT_COVERED: Record<Language, string> = {
  en: "I couldn't find that in the court's information. Please contact the Clerk's Office for help with this question.",
  es: 'No encontré esa información en el contenido del tribunal. Comuníquese con la Secretaría del tribunal para obtener ayuda con esta pregunta.',
};

/** Share of the question's weighted concepts a passage (title + text) must contain to be used at all. */
const MIN_COVERAGE = 0.5;
/** "See hours and locations for addresses." points to another page and says nothing itself. */
const CROSS_REFERENCE = /^(?:see|vea|consulte)\b[^\d]*$/i;
/** A site's root or a language's root ("/", "/es/"). */
const LANDING_PAGE = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/?)?$/i;

function pathOf(source: string): string {
  try {
    return new URL(source).pathname;
  } catch {
    // An uploaded file is named, not addressed: never a landing page.
    return source;
  }
}

/** A question concept with its weight: the question's own words 1, the previous turn's 0.5, cues 0.3. */
interface WeightedConcept {
  alternatives: string[][];
  boost: number;
  weight: number;
}

function matches(terms: Set<string>, concept: WeightedConcept): boolean {
  return concept.alternatives.some((alt) => alt.every((t) => terms.has(t)));
}

function queryConceptsOf(question: string, previous: string | null): WeightedConcept[] {
  const out: WeightedConcept[] = [];
  const seen = new Set<string>();
  const add = (concepts: Concept[], boost: number) => {
    for (const c of concepts) {
      if (seen.has(c.key)) continue;
      seen.add(c.key);
      out.push({ alternatives: c.alternatives, boost, weight: 0 });
    }
  };
  add(questionConcepts(question), 1);
  if (previous !== null && out.length <= 3) add(questionConcepts(previous), 0.5);
  add(
    questionCues(question).terms.map((t) => ({ key: t, alternatives: [[t]], en: [], es: [] })),
    0.3,
  );
  return out;
}

function weigh(concepts: WeightedConcept[], docs: Set<string>[]): void {
  const n = docs.length;
  for (const c of concepts) {
    const df = docs.filter((d) => matches(d, c)).length;
    // Rare concepts weigh most: a question word found nowhere should sink the coverage of every passage.
    c.weight = c.boost * Math.log(1 + (n + 1) / (1 + df));
  }
}

/** A list item quoted as a sentence ("you have no way to…") gets a capital and a full stop. */
function asSentence(text: string): string {
  const capital = text.charAt(0).toLocaleUpperCase() + text.slice(1);
  return /[.!?…:)]$/.test(capital) ? capital : `${capital.replace(/[;,]$/, '')}.`;
}

/** Picks the few sentences of the best passages that match the question's concepts; see README "Answers". */
export function composeExtractiveAnswer(input: ExtractiveInput): ComposedAnswer {
  const notCovered = { content: NOT_COVERED[input.language], sources: [] };
  const smallTalk = smallTalkReply(input.question, input.language);
  if (smallTalk !== null) return { content: smallTalk, sources: [] };
  const concepts = queryConceptsOf(input.question, input.previousQuestion);
  if (concepts.length === 0 || input.passages.length === 0) return notCovered;
  const patterns = questionCues(input.question).patterns;

  const perPassage = input.passages.map((p) => {
    const units = splitUnits(p.text).map((unit) => ({ unit, terms: new Set(contentTerms(unit.text)) }));
    const titleTerms = new Set(contentTerms(p.title));
    const all = new Set([...titleTerms, ...units.flatMap((u) => [...u.terms])]);
    return { passage: p, titleTerms, units, all, language: detectLanguage(`${p.title} ${p.text}`) };
  });
  weigh(
    concepts,
    perPassage.flatMap((p) => p.units.map((u) => u.terms)),
  );
  const total = concepts.reduce((a, c) => a + c.weight, 0);
  // Coverage is judged on the question's own concepts: words carried over from the previous question
  // help rank sentences but must not make a clear new question look unanswerable.
  const own = concepts.filter((c) => c.boost === 1);
  const ownTotal = own.reduce((a, c) => a + c.weight, 0);
  if (ownTotal === 0) return notCovered;

  const coverages = perPassage.map(
    (p) => own.filter((c) => matches(p.all, c)).reduce((a, c) => a + c.weight, 0) / ownTotal,
  );
  const landing = perPassage.map((p) => LANDING_PAGE.test(pathOf(p.passage.sourceFilename)));
  // A site's home page only sums up the pages it links to ("learn what jurors are paid"): it is
  // quoted only when no other page covers the question.
  const pageCovers = coverages.some((c, i) => c >= MIN_COVERAGE && !landing[i]);
  // Court sites translate a few pages of an English site. An English question is not answered in
  // Spanish when an English page covers it; a Spanish question is answered from an English page
  // only when that page covers more of it than any Spanish page (the fee table that has no
  // translation), not to repeat in English what a Spanish page says.
  const best = (language: Language) =>
    Math.max(
      0,
      ...coverages.filter((c, i) => c >= MIN_COVERAGE && !landing[i] && perPassage[i]!.language === language),
    );
  const candidates: Candidate[] = [];
  perPassage.forEach((p, rank) => {
    const coverage = coverages[rank]!;
    if (coverage < MIN_COVERAGE || (pageCovers && landing[rank])) return;
    if (input.language === 'en' && p.language === 'es' && best('en') > 0) return;
    if (input.language === 'es' && p.language === 'en' && coverage <= best('es') + 1e-9) return;
    const language = p.language === input.language ? 0.05 : -0.08;
    // A page whose title names what was asked is about it ("Ubicaciones y horario" for "juzgado").
    const titled = own.filter((c) => matches(p.titleTerms, c)).reduce((a, c) => a + c.weight, 0) / ownTotal;
    for (const { unit, terms } of p.units) {
      if (CROSS_REFERENCE.test(unit.text)) continue;
      let matched = 0;
      let fromTitle = 0;
      let asked = false;
      for (const c of concepts) {
        if (matches(terms, c)) {
          matched += c.weight;
          asked ||= c.boost >= 0.5;
        } else if (matches(p.titleTerms, c)) fromTitle += c.weight;
      }
      // The kind of fact asked for (an address for "where", an amount for "how much") is the answer;
      // a short line that is nothing but that fact ("100 Main Street Exampleton, EX 10010") most of all.
      const fact = patterns.some((re) => re.test(unit.text)) ? (unit.text.length <= 60 ? 0.35 : 0.2) : 0;
      // A sentence must carry something the visitor asked about, not only a cue word like "hours",
      // unless it is the fact asked for on a page titled for the question ("100 Main Street").
      if (!asked && (fact === 0 || titled === 0)) continue;
      // Sentences carry the question's own words; the page title and rank only break ties. Long
      // enumerations ("find hours, pay a ticket, file a claim…") match many words by accident: damp them.
      const density = Math.min(1, 14 / Math.max(1, terms.size));
      const score =
        ((matched + 0.3 * fromTitle) / total) * (0.6 + 0.4 * density) +
        fact +
        0.1 * coverage +
        0.1 * titled +
        language +
        0.1 * p.passage.score -
        0.02 * rank -
        0.004 * unit.position;
      candidates.push({ unit, passageRank: rank, terms, score });
    }
  });
  if (candidates.length === 0) return notCovered;

  const chosen = selectUnits(
    candidates,
    perPassage.map((p) => p.units),
    (text) => patterns.some((re) => re.test(text)),
  );
  // Two or more list items read best as a list; a lone item reads as a sentence.
  const asList = chosen.filter((c) => c.unit.listItem).length >= 2;

  const sources: Passage[] = [];
  const marker = (c: Candidate): string => {
    if (!input.cite) return '';
    const passage = input.passages[c.passageRank]!;
    let index = sources.indexOf(passage);
    if (index === -1) index = sources.push(passage) - 1;
    return ` [Source ${index + 1}]`;
  };
  // Kept in passage order so a lead-in sentence is followed by its own items.
  const lines: string[] = [];
  let paragraph: string[] = [];
  for (const c of chosen) {
    if (asList && c.unit.listItem) {
      if (paragraph.length > 0) lines.push(paragraph.join(' '));
      paragraph = [];
      lines.push(`- ${c.unit.text}${marker(c)}`);
    } else {
      paragraph.push(`${asSentence(c.unit.text)}${marker(c)}`);
    }
  }
  if (paragraph.length > 0) lines.push(paragraph.join(' '));
  return { content: lines.join('\n'), sources };
}
