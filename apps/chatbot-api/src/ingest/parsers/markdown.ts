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
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text: inline(heading[2]!) });
      continue;
    }
    if (/^\s*$/.test(raw) || /^\s*([-*_])\s*\1\s*\1[\s\-*_]*$/.test(raw)) {
      flush();
      continue;
    }
    // List items and table rows are their own lines, so one item never runs into the next.
    if (/^\s*([-*+]|\d+[.)])\s+/.test(raw) || /^\s*\|/.test(raw)) flush();
    if (/^\s*\|?[\s:|-]+\|?\s*$/.test(raw) && raw.includes('-') && raw.includes('|')) continue;
    para.push(inline(raw));
    if (/^\s*\|/.test(raw)) flush();
  }
  flush();
  const firstHeading = blocks.find((b) => b.headings.length > 0)?.headings[0];
  return { title: firstHeading ?? fallbackTitle, blocks };
}

function inline(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
    .replace(/^\s*>\s?/, '')
    .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
    .replace(/\s*\|\s*/g, ' | ')
    .trim();
}
