import { joinerOf, joinsAll, withoutJoiner } from '../language/answer-words.js';
import type { ScoredUnit } from './score-units.js';
import { splitUnits, type TextUnit, tableName } from './sentences.js';

/*
 * The lists of a passage as pick-units.ts reads them: runs of items with the prose that leads into
 * each, what is written under each item (a nested list, a paragraph), how the items are joined, and
 * the one item a question singles out.
 */

/** "Fees — Filing: $75" belongs to the table "Fees" (see sentences.ts tableRow). */
export function tableOf(unit: TextUnit): string | null {
  return unit.listItem ? tableName(unit.text) : null;
}

/** A unit as the list structure needs it (a ScoredUnit is one). */
type Unit = { unit: TextUnit };

/** How deep under a list item a unit sits (0: not under one). */
export const depthOf = (u: Unit) => u.unit.depth ?? 0;

export interface ListRun<U extends Unit = ScoredUnit> {
  /** The prose unit that leads into the list, if any. */
  lead: U | null;
  /** The list's own items (its steps), not what is written under them. */
  items: U[];
  /** What is written under each item: a nested list's items, a paragraph (see sentences.ts). */
  under: Map<U, U[]>;
}

/** Runs of consecutive list items, each with the prose unit that leads into it. */
export function listRuns<U extends Unit>(units: readonly U[]): ListRun<U>[] {
  const runs: ListRun<U>[] = [];
  let current: ListRun<U> | null = null;
  units.forEach((u, i) => {
    const item = current?.items.at(-1);
    if (current && item && depthOf(u) > depthOf(item)) current.under.get(item)!.push(u);
    else if (u.unit.listItem && tableOf(u.unit) === null) {
      if (!current) {
        const prev = units[i - 1];
        current = { lead: prev && !prev.unit.listItem ? prev : null, items: [], under: new Map() };
        runs.push(current);
      }
      current.items.push(u);
      current.under.set(u, []);
    } else current = null;
  });
  return runs;
}

/** A run's items with what is written under each, in reading order. */
export function withUnder(run: ListRun, items: readonly ScoredUnit[] = run.items): ScoredUnit[] {
  return items.flatMap((u) => [u, ...(run.under.get(u) ?? [])]);
}

/** How much of the question an item holds, with what is written under it ("Check the sender" over "Text messages: …"). */
export function itemScore(run: ListRun): (u: ScoredUnit) => number {
  return (u) => Math.max(u.concepts, ...(run.under.get(u) ?? []).map((x) => x.concepts));
}

/** Whether a list's items are joined by "and" (each must hold), as its items but the last end. */
export function allMustHold(items: readonly ScoredUnit[]): boolean {
  const joined = items.slice(0, -1).map((u) => joinerOf(u.unit.text));
  const ands = joined.filter(joinsAll).length;
  return ands * 2 > joined.length;
}

/** A list item quoted alone, without the joiner that tied it to the next item. */
export function unjoined(u: ScoredUnit): ScoredUnit {
  const text = withoutJoiner(u.unit.text);
  return text === u.unit.text ? u : { ...u, unit: { ...u.unit, text } };
}

/** The one item of a list of three or more that holds more of the question than any other, if any. */
export function singledOut(
  items: readonly ScoredUnit[],
  score: (u: ScoredUnit) => number = (u) => u.concepts,
): ScoredUnit | null {
  if (items.length <= 2) return null;
  const top = Math.max(...items.map(score));
  const singled = items.filter((u) => score(u) === top);
  return top > 0 && singled.length === 1 ? singled[0]! : null;
}

/**
 * A list that ends pointing at what follows it ("…or mail the application to the address below:")
 * is quoted with that paragraph (the address).
 */
export function pointedAt(quoted: readonly ScoredUnit[], units: readonly ScoredUnit[]): ScoredUnit[] {
  const last = quoted.at(-1);
  const after = last && units[last.unit.position + 1];
  if (!last?.unit.text.trim().endsWith(':') || !after || after.unit.listItem || depthOf(after) > 0) return [];
  return units.filter(
    (u) => u === after || (u.unit.position > after.unit.position && sameParagraph(u, after)),
  );
}

/** Whether two units come from the same paragraph of the passage (list items never share one). */
export function sameParagraph(a: ScoredUnit, b: ScoredUnit): boolean {
  return !a.unit.listItem && a.unit.paragraph !== undefined && a.unit.paragraph === b.unit.paragraph;
}

/** Items under an item read into a passage's opening line at most (see openingLine). */
const OPENING_ITEMS = 3;

/**
 * What a passage says first, as one line: its first unit, and, when that is an item heading a
 * nested list ("Identity Theft" over "Website: IdentityTheft.gov" and "Phone: 1-877-438-4338"), the
 * first items under it, which say what the item only names.
 */
export function openingLine(passage: string): string | null {
  const units = splitUnits(passage).map((unit) => ({ unit }));
  const first = units[0];
  if (!first) return null;
  const run = listRuns(units).find((r) => r.items[0] === first);
  const under = (run?.under.get(first) ?? []).filter(
    (u) => u.unit.listItem && depthOf(u) === depthOf(first) + 1,
  );
  if (under.length === 0) return first.unit.text;
  const items = under.slice(0, OPENING_ITEMS).map((u) => u.unit.text.trim().replace(/[.;,]$/, ''));
  return `${first.unit.text.trim().replace(/:$/, '')}: ${items.join('; ')}`;
}
