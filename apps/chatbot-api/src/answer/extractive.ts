import type { Passage } from '../knowledge/search.js';
import { intentTerms } from './intent.js';
import { splitUnits, type TextUnit } from './sentences.js';
import { smallTalkReply } from './small-talk.js';
import { contentTerms, type Language } from './terms.js';

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

/** Share of the question's weighted terms a passage (title + text) must contain to be used at all. */
const MIN_COVERAGE = 0.5;
/** Sentences or items picked by score; a list lead-in may add its items on top. */
const MAX_UNITS = 4;
const MAX_ITEMS = 5;

interface Candidate {
  unit: TextUnit;
  passageRank: number;
  terms: Set<string>;
  score: number;
}

function weights(queryTerms: Map<string, number>, docs: Set<string>[]): Map<string, number> {
  const n = docs.length;
  const out = new Map<string, number>();
  for (const [term, boost] of queryTerms) {
    const df = docs.filter((d) => d.has(term)).length;
    // Rare terms weigh most: a question term found nowhere should sink the coverage of every passage.
    out.set(term, boost * Math.log(1 + (n + 1) / (1 + df)));
  }
  return out;
}

function queryTermsOf(question: string, previous: string | null): Map<string, number> {
  const terms = new Map<string, number>();
  for (const t of contentTerms(question)) terms.set(t, 1);
  if (previous !== null && terms.size <= 3) {
    for (const t of contentTerms(previous)) if (!terms.has(t)) terms.set(t, 0.5);
  }
  for (const t of intentTerms(question)) if (!terms.has(t)) terms.set(t, 0.3);
  return terms;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.max(1, a.size + b.size - shared);
}

/** A list item quoted as a sentence ("you have no way to…") gets a capital and a full stop. */
function asSentence(text: string): string {
  const capital = text.charAt(0).toLocaleUpperCase() + text.slice(1);
  return /[.!?…:)]$/.test(capital) ? capital : `${capital.replace(/[;,]$/, '')}.`;
}

/** Picks the few sentences of the best passages that match the question's terms; see README "Answers". */
export function composeExtractiveAnswer(input: ExtractiveInput): ComposedAnswer {
  const notCovered = { content: NOT_COVERED[input.language], sources: [] };
  const smallTalk = smallTalkReply(input.question, input.language);
  if (smallTalk !== null) return { content: smallTalk, sources: [] };
  const query = queryTermsOf(input.question, input.previousQuestion);
  if (query.size === 0 || input.passages.length === 0) return notCovered;

  const perPassage = input.passages.map((p) => ({
    passage: p,
    titleTerms: new Set(contentTerms(p.title)),
    units: splitUnits(p.text).map((unit) => ({ unit, terms: new Set(contentTerms(unit.text)) })),
  }));
  const w = weights(
    query,
    perPassage.flatMap((p) => p.units.map((u) => u.terms)),
  );
  const total = [...w.values()].reduce((a, b) => a + b, 0);
  // Coverage is judged on the question's own terms: words carried over from the previous question
  // help rank sentences but must not make a clear new question look unanswerable.
  const ownTerms = [...query].filter(([, boost]) => boost === 1).map(([t]) => t);
  const ownTotal = ownTerms.reduce((a, t) => a + (w.get(t) ?? 0), 0);
  if (ownTotal === 0) return notCovered;

  const candidates: Candidate[] = [];
  perPassage.forEach((p, rank) => {
    const covered = new Set<string>();
    for (const t of ownTerms) {
      if (p.titleTerms.has(t) || p.units.some((u) => u.terms.has(t))) covered.add(t);
    }
    const coverage = [...covered].reduce((a, t) => a + (w.get(t) ?? 0), 0) / ownTotal;
    if (coverage < MIN_COVERAGE) return;
    for (const { unit, terms } of p.units) {
      let own = 0;
      let fromTitle = 0;
      for (const [t, wt] of w) {
        if (terms.has(t)) own += wt;
        else if (p.titleTerms.has(t)) fromTitle += wt;
      }
      if (own === 0) continue;
      // Sentences carry the question's own words; the page title and rank only break ties. Long
      // enumerations ("find hours, pay a ticket, file a claim…") match many words by accident: damp them.
      const density = Math.min(1, 14 / Math.max(1, terms.size));
      const score =
        ((own + 0.3 * fromTitle) / total) * (0.6 + 0.4 * density) +
        0.15 * p.passage.score -
        0.03 * rank -
        0.005 * unit.position;
      candidates.push({ unit, passageRank: rank, terms, score });
    }
  });
  if (candidates.length === 0) return notCovered;

  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0]!.score;
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    if (c.score < best * 0.45 || chosen.length >= MAX_UNITS) break;
    if (chosen.some((k) => jaccard(k.terms, c.terms) > 0.7)) continue;
    chosen.push(c);
  }
  // A sentence that introduces a list ("for example:") brings the items that follow it.
  for (const lead of [...chosen]) {
    if (lead.unit.listItem || !lead.unit.text.endsWith(':')) continue;
    const units = perPassage[lead.passageRank]!.units;
    for (let i = lead.unit.position + 1; i < units.length && units[i]!.unit.listItem; i++) {
      if (i - lead.unit.position > MAX_ITEMS) break;
      const { unit, terms } = units[i]!;
      if (!chosen.some((k) => k.passageRank === lead.passageRank && k.unit.position === unit.position)) {
        chosen.push({ unit, terms, passageRank: lead.passageRank, score: lead.score });
      }
    }
  }
  const inOrder = (a: Candidate, b: Candidate) =>
    a.passageRank - b.passageRank || a.unit.position - b.unit.position;
  chosen.sort(inOrder);
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
