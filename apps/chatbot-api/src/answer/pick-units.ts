import type { ConceptPassage, ConceptSearchResult } from '../knowledge/concept-search.js';
import { stemForms } from '../knowledge/concept-weights.js';
import type { Intent } from '../language/cues.js';
import { type FactIntent, factIntentsOf, isFact } from '../language/facts.js';
import { words } from '../language/words.js';
import { neutralizeMarkdown } from './render.js';
import { splitUnits, type TextUnit } from './sentences.js';

/*
 * Which units of the answering section to quote, in reading order: the list for "what do I bring",
 * the steps for "how do I", the fact asked for (a table keeps its sibling rows), else the sentences
 * carrying the question's concepts; within a length budget.
 */

export const MAX_LIST_ITEMS = 8;
const MAX_SENTENCES = 3;
const MAX_STEPS = 6;
const MAX_CHARS = 900;

export interface ScoredUnit {
  unit: TextUnit;
  /** Weighted share of the concepts the unit holds. */
  concepts: number;
  fact: boolean;
}

/** Scores a sentence by the weighted share of the question's concepts it holds. */
export function conceptScorer(search: ConceptSearchResult) {
  // Intent hints ("process" for how-to questions) help find the section, but a sentence that
  // happens to say "process" is not therefore the answer.
  const concepts = search.matching
    .filter((c) => !c.key.startsWith('intent:'))
    .map((c) => ({
      weight: c.weight,
      alternatives: c.alternatives.map((a) => ({ weight: a.weight, ...stemForms(a.words) })),
    }));
  const total = concepts.reduce((s, c) => s + c.weight, 0) || 1;
  return (text: string): number => {
    const line = stemForms(words(text));
    let got = 0;
    for (const c of concepts) {
      let m = 0;
      for (const a of c.alternatives) {
        if (line.en.includes(a.en) || line.es.includes(a.es)) m = Math.max(m, a.weight);
      }
      got += c.weight * m;
    }
    return got / total;
  };
}

/** "Fees — Filing: $75" belongs to the table "Fees" (see sentences.ts tableRow). */
function tableOf(unit: TextUnit): string | null {
  if (!unit.listItem) return null;
  const i = unit.text.indexOf(' — ');
  return i > 0 ? unit.text.slice(0, i) : null;
}

/** Runs of consecutive list items, each with the prose unit that leads into it. */
function listRuns(units: readonly ScoredUnit[]): { lead: ScoredUnit | null; items: ScoredUnit[] }[] {
  const runs: { lead: ScoredUnit | null; items: ScoredUnit[] }[] = [];
  let current: { lead: ScoredUnit | null; items: ScoredUnit[] } | null = null;
  units.forEach((u, i) => {
    if (u.unit.listItem && tableOf(u.unit) === null) {
      if (!current) {
        const prev = units[i - 1];
        current = { lead: prev && !prev.unit.listItem ? prev : null, items: [] };
        runs.push(current);
      }
      current.items.push(u);
    } else current = null;
  });
  return runs;
}

/** The units to quote from the answering passage, in reading order. */
export function pickUnits(
  units: readonly ScoredUnit[],
  intents: readonly Intent[],
  titled: boolean,
): ScoredUnit[] {
  if (units.length === 0) return [];
  const facts = factIntentsOf(intents);
  const wantsList = intents.includes('list') || intents.includes('steps');
  const runs = wantsList ? listRuns(units) : [];
  if (runs.length > 0) {
    // The run whose items and lead-in hold the question's concepts; in a section titled for the
    // question ("What to bring"), its first list is the answer.
    const scored = runs.map((r) => ({
      r,
      s:
        r.items.reduce((a, u) => a + u.concepts, 0) / r.items.length +
        (r.lead?.concepts ?? 0) +
        (titled ? 0.01 : 0),
    }));
    scored.sort((a, b) => b.s - a.s);
    const best = scored[0]!;
    if (best.s > 0 || titled) {
      const max = intents.includes('steps') && !intents.includes('list') ? MAX_STEPS : MAX_LIST_ITEMS;
      const lead = best.r.lead && best.r.lead.unit.text.length <= 300 ? [best.r.lead] : [];
      return [...lead, ...best.r.items.slice(0, max)];
    }
  }
  if (facts.length > 0) {
    // A fact counts only in a unit about the question ("free" alone is not the fee waiver).
    const withFact = units.filter((u) => u.fact && u.concepts > 0);
    if (withFact.length > 0) {
      const best = [...withFact].sort(
        (a, b) => b.concepts - a.concepts || a.unit.position - b.unit.position,
      )[0]!;
      const picked = [best];
      const table = tableOf(best.unit);
      if (table !== null) {
        for (const u of units) {
          if (picked.length >= 5) break;
          if (u !== best && tableOf(u.unit) === table && u.fact) picked.push(u);
        }
      } else {
        // The sentence after the fact often completes it ("…$75. Pay online or by mail.").
        const next = units[best.unit.position + 1];
        if (next && (next.fact || next.concepts > 0) && !next.unit.listItem) picked.push(next);
        const prev = units[best.unit.position - 1];
        if (prev?.unit.text.endsWith(':')) picked.unshift(prev);
      }
      return picked.sort((a, b) => a.unit.position - b.unit.position);
    }
  }
  const max = intents.includes('steps') ? MAX_STEPS : MAX_SENTENCES;
  const best = [...units].sort((a, b) => b.concepts - a.concepts || a.unit.position - b.unit.position)[0]!;
  if (best.concepts === 0) return units.slice(0, Math.min(2, units.length));
  const picked = [best];
  // Reading on from the best unit while the text stays on the question, then its lead-in.
  for (let i = best.unit.position + 1; i < units.length && picked.length < max; i++) {
    const u = units[i]!;
    // Steps are read on through the section; other answers stop where the text leaves the question.
    const onTopic = u.concepts >= best.concepts * 0.5 || (u.unit.listItem && best.unit.text.endsWith(':'));
    if (!onTopic && !intents.includes('steps')) break;
    picked.push(u);
  }
  const prev = units[best.unit.position - 1];
  if (prev && picked.length < max && prev.unit.text.endsWith(':')) picked.unshift(prev);
  return picked.sort((a, b) => a.unit.position - b.unit.position);
}

export function scoreUnits(
  passage: ConceptPassage,
  scorer: (t: string) => number,
  facts: readonly FactIntent[],
): ScoredUnit[] {
  return splitUnits(passage.text).map((unit) => ({
    unit: { ...unit, text: neutralizeMarkdown(unit.text) },
    concepts: scorer(unit.text),
    fact: facts.length > 0 && isFact(unit.text, facts),
  }));
}

export function trimToBudget(picked: ScoredUnit[]): ScoredUnit[] {
  const out: ScoredUnit[] = [];
  let chars = 0;
  for (const u of picked) {
    if (out.length > 0 && chars + u.unit.text.length > MAX_CHARS) break;
    out.push(u);
    chars += u.unit.text.length + 4;
  }
  return out;
}
