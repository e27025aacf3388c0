import { getDocumentProxy } from 'unpdf';
import type { ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { ParseError } from './parse-error.js';
import { layoutBlocks, linesOfPage, type PdfLine, type PdfTextRun } from './pdf-layout.js';

/**
 * A PDF's text with the structure its layout shows: headings, paragraphs and list items (see
 * pdf-layout.ts). Titled by its metadata, else by its first heading, else by the file name.
 */
export async function parsePdf(
  bytes: Uint8Array,
  fallbackTitle: string,
  pacer: Pacer,
): Promise<ParsedDocument> {
  const pages: PdfLine[][] = [];
  let title = '';
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const meta = await pdf.getMetadata().catch(() => null);
    const info = meta?.info as { Title?: unknown } | undefined;
    if (typeof info?.Title === 'string') title = info.Title.replace(/\s+/g, ' ').trim();
    // One page at a time with the event loop free in between.
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const runs: PdfTextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
        runs.push({ str: item.str, x, y, width: item.width, size: Math.hypot(c, d), eol: item.hasEOL });
      }
      pages.push(linesOfPage(runs, n));
      page.cleanup();
      await pacer.tick();
    }
    await pdf.destroy();
  } catch {
    throw new ParseError('The PDF could not be read; it may be damaged or encrypted.');
  }
  const { blocks, title: heading } = layoutBlocks(pages);
  if (blocks.length === 0) {
    throw new ParseError('The PDF has no extractable text (it may be a scanned image); no text was indexed.');
  }
  return { title: title || heading || fallbackTitle, blocks };
}
