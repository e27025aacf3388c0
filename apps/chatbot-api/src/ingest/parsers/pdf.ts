import { getDocumentProxy } from 'unpdf';
import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { ParseError } from './parse-error.js';

/** PDF text per page; each page is a heading (`Page N`) so citations can point at it. */
export async function parsePdf(
  bytes: Uint8Array,
  fallbackTitle: string,
  pacer: Pacer,
): Promise<ParsedDocument> {
  const pages: string[] = [];
  let title = '';
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const meta = await pdf.getMetadata().catch(() => null);
    const info = meta?.info as { Title?: unknown } | undefined;
    if (typeof info?.Title === 'string') title = info.Title.trim();
    // Page by page, as unpdf's extractText joins a page's items, but one page at a time with the
    // event loop free in between (extractText reads all pages at once).
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
      page.cleanup();
      await pacer.tick();
    }
    await pdf.destroy();
  } catch {
    throw new ParseError('The PDF could not be read; it may be damaged or encrypted.');
  }
  const blocks: Block[] = [];
  for (const [i, page] of pages.entries()) {
    for (const para of page.split(/\n\s*\n/)) {
      const text = para.replace(/\s+/g, ' ').trim();
      if (text) blocks.push({ kind: 'text', headings: [`Page ${i + 1}`], text });
    }
  }
  if (blocks.length === 0) {
    throw new ParseError('The PDF has no extractable text (it may be a scanned image); no text was indexed.');
  }
  return { title: title || fallbackTitle, blocks };
}
