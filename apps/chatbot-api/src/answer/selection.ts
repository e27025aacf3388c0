import type { TextUnit } from './sentences.js';

/** A quotable unit of one passage, scored against the question. */
export interface Candidate {
  unit: TextUnit;
  passageRank: number;
  terms: Set<string>;
  score: number;
}

/** Sentences or items picked by score; a list lead-in or a table row may add its siblings on top. */
const MAX_UNITS = 4;
const MAX_ITEMS = 5;
/** Passages quoted at most: more reads as a scattered answer. */
const MAX_SOURCES = 3;
/** Characters of the answer, markers included, so it stays readable in a chat bubble. */
const MAX_CHARS = 800;
/** What a unit adds besides its text: " [Source N]" and a line break or a space. */
const MARKER_CHARS = 13;
/** Units scoring below this share of the best one are not worth quoting. */
const RELATIVE_FLOOR = 0.6;

/** A picked unit with the list items or table rows it brings. */
interface Group {
  pick: Candidate;
  extras: Candidate[];
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.max(1, a.size + b.size - shared);
}

/** "Small claims filing fees — $1,500 or less: $30" belongs to the table "Small claims filing fees". */
function tableOf(unit: TextUnit): string | null {
  if (!unit.listItem) return null;
  const i = unit.text.indexOf(' — ');
  return i > 0 ? unit.text.slice(0, i) : null;
}

function length(group: Group): number {
  return [group.pick, ...group.extras].reduce((a, c) => a + c.unit.text.length + MARKER_CHARS, 0);
}

/**
 * The units to quote, in the order to quote them: the best few by score, with the list items that
 * follow a lead-in ("for example:") and the other rows of a quoted table that hold the kind of fact
 * asked for (`isFact`), within a length budget.
 * `units[rank]` are all the units of the passage of that rank.
 */
export function selectUnits(
  candidates: readonly Candidate[],
  units: readonly (readonly { unit: TextUnit; terms: Set<string> }[])[],
  isFact: (text: string) => boolean = () => false,
): Candidate[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const best = sorted[0];
  if (!best) return [];
  const groups: Group[] = [];
  const passages = new Set<number>();
  let chars = 0;
  const taken = (rank: number, position: number) =>
    groups.some((g) =>
      [g.pick, ...g.extras].some((c) => c.passageRank === rank && c.unit.position === position),
    );
  for (const c of sorted) {
    if (c.score < best.score * RELATIVE_FLOOR || groups.length >= MAX_UNITS) break;
    if (!passages.has(c.passageRank) && passages.size >= MAX_SOURCES) continue;
    if (taken(c.passageRank, c.unit.position)) continue;
    // The same fact is often on two pages (or in two languages): quote it once. Inside one passage
    // similar units are different rows or items, and are kept.
    const picked = groups.map((g) => g.pick);
    if (picked.some((k) => k.passageRank !== c.passageRank && jaccard(k.terms, c.terms) > 0.6)) continue;
    const extras: Candidate[] = [];
    const list = units[c.passageRank] ?? [];
    const bring = (i: number) => {
      const u = list[i];
      if (
        !u ||
        i === c.unit.position ||
        taken(c.passageRank, i) ||
        extras.some((e) => e.unit.position === i)
      ) {
        return;
      }
      extras.push({ ...u, passageRank: c.passageRank, score: c.score });
    };
    if (!c.unit.listItem && c.unit.text.endsWith(':')) {
      for (let i = c.unit.position + 1; i <= c.unit.position + MAX_ITEMS && list[i]?.unit.listItem; i++)
        bring(i);
    }
    // A row holding the fact asked for (a fee, an opening time) brings the rows of its table that
    // hold the same kind of fact: the visitor needs the whole fee schedule, not its first line.
    const table = isFact(c.unit.text) ? tableOf(c.unit) : null;
    if (table !== null) {
      list.forEach((u, i) => {
        if (extras.length < MAX_ITEMS - 1 && tableOf(u.unit) === table && isFact(u.unit.text)) bring(i);
      });
    }
    const group = { pick: c, extras };
    // Over budget, the best unit keeps as many of its items as fit; others give way to shorter ones.
    if (groups.length === 0) {
      while (extras.length > 1 && length(group) > MAX_CHARS) extras.pop();
    } else if (chars + length(group) > MAX_CHARS) continue;
    groups.push(group);
    chars += length(group);
    passages.add(c.passageRank);
  }

  const chosen = groups.flatMap((g) => [g.pick, ...g.extras]);
  // The passage holding the best unit comes first (it is the first citation); inside a passage the
  // passage's own order is kept, so a lead-in sentence is followed by its own items.
  const passageScore = new Map<number, number>();
  for (const c of chosen)
    passageScore.set(c.passageRank, Math.max(passageScore.get(c.passageRank) ?? 0, c.score));
  return chosen.sort(
    (a, b) =>
      passageScore.get(b.passageRank)! - passageScore.get(a.passageRank)! ||
      a.passageRank - b.passageRank ||
      a.unit.position - b.unit.position,
  );
}
