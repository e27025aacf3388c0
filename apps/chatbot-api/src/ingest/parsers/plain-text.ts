import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { linesOf } from './lines.js';

/** A paragraph longer than this is handed on in pieces (the chunker cuts it into windows anyway). */
const MAX_PARAGRAPH = 64 * 1024;

/** Plain text: paragraphs are separated by blank lines; white space inside one is collapsed. */
export async function parsePlainText(
  text: string,
  fallbackTitle: string,
  pacer: Pacer,
): Promise<ParsedDocument> {
  const blocks: Block[] = [];
  let lines: string[] = [];
  let length = 0;
  const flush = () => {
    const paragraph = lines.join(' ').replace(/\s+/g, ' ').trim();
    if (paragraph) blocks.push({ kind: 'text', headings: [], text: paragraph });
    lines = [];
    length = 0;
  };
  for (const line of linesOf(text)) {
    if (!/\S/.test(line)) flush();
    else {
      lines.push(line);
      length += line.length;
      if (length > MAX_PARAGRAPH) flush();
    }
    await pacer.tick();
  }
  flush();
  return { title: fallbackTitle, blocks };
}
