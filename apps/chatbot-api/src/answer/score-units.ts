import type { ConceptPassage, ConceptSearchResult } from '../knowledge/concept-search.js';
import { stemForms } from '../knowledge/concept-weights.js';
import { type FactIntent, isFact } from '../language/facts.js';
import { stem } from '../language/stem.js';
import { contentWords, words } from '../language/words.js';
import { neutralizeMarkdown } from './render.js';
import { splitUnits, type TextUnit } from './sentences.js';

/*
 * The units of an answering section (its sentences, list items and table rows) scored for what a
 * question asks: the share of its concepts each holds, whether it states the kind of fact asked for
 * or the number the question counts, and how many of its phrases it says as the question does.
 * pick-units.ts chooses among them.
 */

/** The paragraph number of a section heading quoted as a unit: its body's first sentence explains it. */
export const HEADING_PARAGRAPH = -1;

export interface ScoredUnit {
  unit: TextUnit;
  /** Weighted share of the concepts the unit holds. */
  concepts: number;
  fact: boolean;
  /** States a range that holds a number the question gives ("51 to 75" for "a lot with 60 spaces"). */
  inRange?: boolean;
  /** States a count of the thing the question counts ("find three people" for "how many people"). */
  counted?: boolean;
  /** Pairs of the question's adjacent words it says as the question does ("one-sentence paragraph"). */
  phrases?: number;
  /** Share of the question's concepts it holds beyond what the section's title and headings hold. */
  distinct?: number;
}

const RANGE =
  /(?<![\d.,])\$?(\d[\d,]*(?:\.\d+)?)\s*(?:(?:to|through|thru|a|hasta)\s+|[-–—]\s*)\$?(\d[\d,]*(?:\.\d+)?)(?![\d-])/giu;

/**
 * Ranges of numbers a text states ("51 to 75", "$1,500.01 – $5,000", "de 10 a 20"). A hyphenated
 * pair is a range only when it reads like one (no leading zero, first below second), so phone
 * numbers ("010-0195", "800-514") are not.
 */
export function numberRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(RANGE)) {
    const [a, b] = [m[1]!, m[2]!];
    if (/^0\d/.test(a) || /^0\d/.test(b)) continue;
    const lo = Number(a.replace(/,/g, ''));
    const hi = Number(b.replace(/,/g, ''));
    if (Number.isFinite(lo) && Number.isFinite(hi) && lo < hi) out.push([lo, hi]);
  }
  return out;
}

/** Whether the text states a range holding one of the numbers. */
export function inRange(text: string, numbers: readonly number[]): boolean {
  if (numbers.length === 0) return false;
  return numberRanges(text).some(([lo, hi]) => numbers.some((n) => lo <= n && n <= hi));
}

/** Numbers a question gives ("a lot with 60 spaces", "a $4,000 claim"). */
export function questionNumbers(question: string): number[] {
  return [...question.matchAll(/(?<![\d.,])\d[\d,]*(?:\.\d+)?(?![\d-])/g)]
    .map((m) => Number(m[0].replace(/,/g, '')))
    .filter((n) => Number.isFinite(n));
}

/** Scores a sentence by the weighted share of the question's concepts it holds. */
export function conceptScorer(search: ConceptSearchResult) {
  // Intent hints ("process" for how-to questions) and question frames ("work" in "how does X
  // work") help find the section, but a sentence that happens to say "process" or "we work to
  // improve" is not therefore the answer.
  const concepts = search.matching
    .filter((c) => !c.key.startsWith('intent:') && !c.key.startsWith('frame:'))
    .map((c) => ({
      weight: c.weight,
      alternatives: c.alternatives.map((a) => ({
        weight: a.weight,
        ...stemForms(a.words),
        number: a.words.length === 1 && /^\d+$/.test(a.words[0]!) ? Number(a.words[0]) : null,
      })),
    }));
  const total = concepts.reduce((s, c) => s + c.weight, 0) || 1;
  return (text: string): number => {
    const line = stemForms(words(text));
    const ranges = numberRanges(text);
    let got = 0;
    for (const c of concepts) {
      let m = 0;
      for (const a of c.alternatives) {
        if (line.en.includes(a.en) || line.es.includes(a.es)) m = Math.max(m, a.weight);
        // "a lot with 60 spaces" is the row "51 to 75".
        const n = a.number;
        if (n !== null && ranges.some(([lo, hi]) => lo <= n && n <= hi)) m = Math.max(m, a.weight);
      }
      got += c.weight * m;
    }
    return got / total;
  };
}

/**
 * How many of the question's two-word phrases (adjacent content words: "sentence paragraph" in "is
 * a one sentence paragraph ok") a text says as the question does, stemmed: of two sentences that
 * hold the same concepts, the one that says the question's phrase is about it.
 */
export function phraseCounter(question: string): (text: string) => number {
  // English stems only: " stem stem " as stemForms writes them, without its Spanish half.
  const stems = (ws: readonly string[]) => ` ${ws.map((w) => stem(w, 'en')).join(' ')} `;
  const ws = words(question);
  const content = new Set(contentWords(question));
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < ws.length; i++) {
    if (content.has(ws[i]!) && content.has(ws[i + 1]!)) pairs.add(stems([ws[i]!, ws[i + 1]!]));
  }
  if (pairs.size === 0) return () => 0;
  return (text) => {
    const line = stems(words(text));
    let n = 0;
    for (const p of pairs) if (line.includes(p)) n++;
    return n;
  };
}

/**
 * A section heading that is itself a statement ("Requirement: WCAG 2.1 Level AA is the technical
 * standard for …", "Most people serve one day.") says what its body then explains: it can be quoted.
 * A label ("Filing fees") or a question ("How do I pay?") only names the topic.
 */
export function statementHeading(heading: string | undefined): string | null {
  const h = heading?.trim() ?? '';
  if (h === '' || /\?$/.test(h) || h.split(/\s+/).length < 8) return null;
  const afterLabel = h.match(/^[^:]{1,40}:\s+(.+)$/)?.[1];
  if (/[.!]$/.test(h) || (afterLabel !== undefined && afterLabel.split(/\s+/).length >= 6)) return h;
  return null;
}

/**
 * A section heading that states the kind of fact asked for ("Conduct between 6 to 9 interviews",
 * "Pay within 30 days") answers "how many / how long / when" before its body explains: it can be
 * quoted. A question or a bare label ("Step 1", "Exemption 6") cannot.
 */
export function factHeading(heading: string | undefined, facts: readonly FactIntent[]): string | null {
  const h = heading?.trim() ?? '';
  if (facts.length === 0 || h === '' || /\?$/.test(h) || h.split(/\s+/).length < 3) return null;
  return isFact(h, facts) ? h : null;
}

/** A sub-section's heading (not the page's own) that states the fact asked for, or null. */
export function sectionFactHeading(passage: ConceptPassage, facts: readonly FactIntent[]): string | null {
  return (passage.headingPath?.length ?? 0) > 1 ? factHeading(passage.headingPath?.at(-1), facts) : null;
}

export function scoreUnits(
  passage: ConceptPassage,
  scorer: (t: string) => number,
  facts: readonly FactIntent[],
  numbers: readonly number[] = [],
  /** Whether a text counts the thing a counting question counts (see countedWord). */
  countsAsked: (text: string) => boolean = () => false,
  /** How many of the question's phrases a text says (see phraseCounter). */
  phrases: (text: string) => number = () => 0,
): ScoredUnit[] {
  const heading = passage.headingPath?.at(-1);
  const statement =
    heading !== passage.title ? (statementHeading(heading) ?? sectionFactHeading(passage, facts)) : null;
  const units = splitUnits(passage.text);
  const all: TextUnit[] = statement
    ? [
        { text: statement, listItem: false, position: 0, paragraph: HEADING_PARAGRAPH },
        ...units.map((u) => ({ ...u, position: u.position + 1 })),
      ]
    : units;
  // The heading is read under its parents ("Fact sheet: new rule …" > "Requirement: WCAG 2.1 …"):
  // what they name, it is about too.
  const context = statement ? (passage.headingPath ?? []).join(' ') : '';
  // What every unit of the section is about already: its page's title and its headings.
  const headed = [passage.title, ...(passage.headingPath ?? [])].join(' ');
  const headedShare = scorer(headed);
  return all.map((unit, i) => ({
    unit: { ...unit, text: neutralizeMarkdown(unit.text) },
    concepts: scorer(statement && i === 0 ? context : unit.text),
    fact: facts.length > 0 && isFact(unit.text, facts),
    inRange: inRange(unit.text, numbers),
    counted: countsAsked(unit.text),
    phrases: phrases(unit.text),
    distinct: Math.max(0, scorer(`${headed} ${unit.text}`) - headedShare),
  }));
}
