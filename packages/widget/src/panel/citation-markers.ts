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
  /** Unique sources in order of their number: what "Sources (N)" lists. */
  list: WireCitation[];
  /** Marker number → the source it shows (a repeated source resolves to its first entry). */
  byIndex: Map<number, WireCitation>;
}

export function collectSources(citations: readonly WireCitation[]): SourceList {
  const list: WireCitation[] = [];
  const byIndex = new Map<number, WireCitation>();
  const byChunk = new Map<string, WireCitation>();
  for (const c of [...citations].sort((a, b) => a.index - b.index)) {
    if (byIndex.has(c.index)) continue;
    const key = `${c.documentId}#${c.chunkIndex}`;
    const first = byChunk.get(key);
    if (first) {
      byIndex.set(c.index, first);
      continue;
    }
    byChunk.set(key, c);
    byIndex.set(c.index, c);
    list.push(c);
  }
  return { list, byIndex };
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
