import type { WireCitation } from '@amicus/protocol';

// `[Source N]` markers in answer text and the citations they point to.

/**
 * While an answer streams, a marker can arrive in pieces (`[Sour` + `ce 2]`). Everything from a
 * trailing `[` that could still become a marker is held back until the next delta decides it.
 */
const PARTIAL = /\[(?:S(?:o(?:u(?:r(?:c(?:e(?: \d{0,4})?)?)?)?)?)?)?$/;

export function visibleWhileStreaming(text: string): string {
  return text.replace(PARTIAL, '');
}

export interface SourceList {
  /** Unique sources (one per page) in order of their number: what "Sources (N)" lists. */
  list: WireCitation[];
  /** Marker number → the source it shows (a repeated page resolves to its first entry). */
  byIndex: Map<number, WireCitation>;
}

/** A title's last " | Site", " - Site", " – Site" or " — Site" segment: [title, rest, segment]. */
const SPLIT = /^(.*\S)\s+[|\-–—]\s+(\S.*)$/;
const suffixOf = (title: string) => SPLIT.exec(title.trim())?.[2];

/**
 * Each cited page once, titled without the site's name: a title's trailing segment goes when another
 * source repeats it or it names the site (`siteTitle`, the host page's title, or that title's own
 * suffix). General on purpose: no site's name is known here.
 */
export function collectSources(citations: readonly WireCitation[], siteTitle = ''): SourceList {
  const list: WireCitation[] = [];
  const at = new Map<number, number>();
  const byPage = new Map<string, number>();
  for (const c of [...citations].sort((a, b) => a.index - b.index)) {
    if (at.has(c.index)) continue;
    const first = byPage.get(c.documentId);
    at.set(c.index, first ?? list.length);
    if (first === undefined) {
      byPage.set(c.documentId, list.length);
      list.push(c);
    }
  }
  const suffixes = list.map((c) => suffixOf(c.title));
  const site = [siteTitle.trim(), suffixOf(siteTitle)];
  const titled = list.map((c, i) => {
    const suffix = suffixes[i];
    const strip =
      suffix && (site.includes(suffix) || suffixes.indexOf(suffix) !== suffixes.lastIndexOf(suffix));
    return strip ? { ...c, title: SPLIT.exec(c.title.trim())?.[1] as string } : c;
  });
  return { list: titled, byIndex: new Map([...at].map(([n, i]) => [n, titled[i] as WireCitation])) };
}

/** For the status region: the answer as plain text, markers spelled out ("Source 1"). */
export function plainText(text: string, sourceWord: (n: number) => string): string {
  return text
    .replace(/\[Source (\d{1,4})\]/g, (_, n: string) => ` (${sourceWord(Number(n))})`)
    .replace(/\[([^\][\n]{1,500})\]\([^)\s]{1,2000}\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/^\s*(#{1,6}|[-+]|\d{1,9}[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
