/*
 * Page titles as an answer names them: without the site-name suffix pages share ("Fees | Superior
 * Court", "Jury duty | Superior Court" → "Fees", "Jury duty"). A suffix is cut only when another
 * title of the same answer ends with it, so a title's own dash ("Pre-trial motions — overview") stays.
 */

const SEPARATOR = /\s+[|–—-]\s+/g;

function suffixOf(title: string): string | null {
  let last: RegExpExecArray | null = null;
  for (const m of title.matchAll(SEPARATOR)) last = m as RegExpExecArray;
  if (!last || last.index === 0) return null;
  return title.slice(last.index);
}

/** Each title without the suffix it shares with another title of the list. */
export function withoutSharedSuffix(titles: readonly string[]): string[] {
  const suffixes = titles.map((t) => suffixOf(t.trim()));
  return titles.map((t, i) => {
    const s = suffixes[i];
    const trimmed = t.trim();
    if (!s || !suffixes.some((o, j) => j !== i && o === s)) return trimmed;
    return trimmed.slice(0, trimmed.length - s.length).trim() || trimmed;
  });
}
