/*
 * Page titles as an answer names them: without the site-name suffix pages share ("Fees | Superior
 * Court", "Jury duty | Superior Court" → "Fees", "Jury duty"). A title's last " | ", " - ", " – " or
 * " — " segment goes only when another title of the same answer ends with the same segment, so a
 * title's own dash ("Pre-trial motions — overview") stays. The same rule as the widget's sources list
 * (packages/widget/src/panel/citation-markers.ts, collectSources), so both name a page alike.
 */

import type { ConceptPassage } from '../knowledge/concept-search.js';
import { words } from '../language/words.js';
import type { ScoredUnit } from './score-units.js';

/** A title's last separated segment: [title, rest, segment]. */
const SPLIT = /^(.*\S)\s+[|\-–—]\s+(\S.*)$/;

/** Each title without the trailing segment it shares with another title of the list. */
export function withoutSharedSuffix(titles: readonly string[]): string[] {
  const split = titles.map((t) => SPLIT.exec(t.trim()));
  const suffixes = split.map((m) => m?.[2]);
  return titles.map((t, i) => {
    const suffix = suffixes[i];
    const shared = suffix !== undefined && suffixes.indexOf(suffix) !== suffixes.lastIndexOf(suffix);
    return shared ? (split[i]?.[1] as string) : t.trim();
  });
}

/**
 * Pages a quoted list item names by title, as its lead-in ("Burial Flag: VA provides…" names the
 * page "Burial Flag | USAGov"): found among the passages retrieved, other than the quoted page.
 */
export function namedPages(
  picked: readonly ScoredUnit[],
  primary: ConceptPassage,
  passages: readonly ConceptPassage[],
): ConceptPassage[] {
  const others = passages.filter((p) => p.documentId !== primary.documentId);
  if (others.length === 0) return [];
  const titles = withoutSharedSuffix([primary.title, ...others.map((p) => p.title)]).slice(1);
  const fold = (t: string) => words(t).join(' ');
  const byTitle = new Map<string, ConceptPassage>();
  others.forEach((p, i) => {
    const key = fold(titles[i]!);
    if (key !== '' && !byTitle.has(key)) byTitle.set(key, p);
  });
  const found: ConceptPassage[] = [];
  for (const u of picked) {
    const lead = u.unit.listItem ? /^(?:[-*•]\s*)?([^:]{2,80}):\s+\S/.exec(u.unit.text)?.[1] : undefined;
    const page = lead === undefined ? undefined : byTitle.get(fold(lead));
    if (page && !found.includes(page)) found.push(page);
  }
  return found;
}
