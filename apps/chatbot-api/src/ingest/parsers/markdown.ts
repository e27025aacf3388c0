import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { linesOf } from './lines.js';

/** A paragraph longer than this is handed on in pieces (the chunker cuts it into windows anyway). */
const MAX_PARAGRAPH = 64 * 1024;

/**
 * Markdown as heading-aware blocks: ATX headings (`#`…`######`) set the heading path; paragraphs
 * are separated by blank lines; inline syntax (links, emphasis, code marks) is reduced to its text.
 */
export async function parseMarkdown(
  text: string,
  fallbackTitle: string,
  pacer: Pacer,
): Promise<ParsedDocument> {
  const blocks: Block[] = [];
  const stack: { level: number; text: string }[] = [];
  let para: string[] = [];
  let paraLength = 0;
  let inFence = false;
  const flush = () => {
    const t = para.join(' ').trim();
    if (t) blocks.push({ kind: 'text', headings: stack.map((s) => s.text), text: t });
    para = [];
    paraLength = 0;
  };
  for (const raw of linesOf(text)) {
    await pacer.tick();
    if (paraLength + raw.length > MAX_PARAGRAPH) flush();
    paraLength += raw.length;
    if (/^\s*(```|~~~)/.test(raw)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      para.push(raw);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(raw);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text: inline(withoutClosingHashes(heading[2]!)) });
      continue;
    }
    if (/^\s*$/.test(raw) || /^\s*([-*_])\s*\1\s*\1[\s\-*_]*$/.test(raw)) {
      flush();
      continue;
    }
    // List items and table rows are their own lines, so one item never runs into the next.
    if (/^\s*([-*+]|\d+[.)])\s+/.test(raw) || /^\s*\|/.test(raw)) flush();
    // A table's separator row ("|---|:--:|"): only pipes, dashes, colons and spaces.
    if (/^[\s:|-]+$/.test(raw) && raw.includes('-') && raw.includes('|')) continue;
    para.push(inline(raw));
    if (/^\s*\|/.test(raw)) flush();
  }
  flush();
  const firstHeading = blocks.find((b) => b.headings.length > 0)?.headings[0];
  return { title: firstHeading ?? fallbackTitle, blocks };
}

/*
 * Every pattern below reads a line in linear time: a line may be 64 KiB of anything, and patterns
 * with adjacent quantifiers over the same characters ("\s*[\s|-]+\s*$") backtrack cubically on a
 * long run of spaces (a 3,000-level nested list took minutes).
 */

/** A heading's text without its optional closing hashes ("## Fees ##" → "Fees"). */
function withoutClosingHashes(text: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  // Closing hashes follow a space; "C#" keeps its own.
  return end === 0 || /\s/.test(trimmed[end - 1]!) ? trimmed.slice(0, end).trimEnd() : trimmed;
}

/** A link's text and target: neither nests brackets, and a target is one bounded run. */
const IMAGE = /!\[([^[\]]*)\]\([^()]{0,2048}\)/g;
const LINK = /\[([^[\]]*)\]\([^()]{0,2048}\)/g;

function inline(s: string): string {
  const text = s
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
    .replace(/^\s*>\s?/, '')
    .trim();
  // Table cells: the row's outer pipes dropped, inner ones spaced as " | ".
  if (!text.includes('|')) return text;
  const cells = text.split('|').map((c) => c.trim());
  if (cells[0] === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells.join(' | ').trim();
}
