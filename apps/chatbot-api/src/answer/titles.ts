/*
 * Page titles as an answer names them: without the site-name suffix pages share ("Fees | Superior
 * Court", "Jury duty | Superior Court" → "Fees", "Jury duty"). A title's last " | ", " - ", " – " or
 * " — " segment goes only when another title of the same answer ends with the same segment, so a
 * title's own dash ("Pre-trial motions — overview") stays. The same rule as the widget's sources list
 * (packages/widget/src/panel/citation-markers.ts, collectSources), so both name a page alike.
 */

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
