import { ALLOWED_EXTENSIONS, type AllowedExtension } from '@amicus/contract';
import type { ParsedDocument } from '../../knowledge/chunking.js';
import { extractHtml } from '../../knowledge/html-extract.js';
import { Pacer } from '../../knowledge/pacer.js';
import { parseDocx } from './docx.js';
import { parseEmail } from './email.js';
import { decodeUtf8 } from './lines.js';
import { parseMarkdown } from './markdown.js';
import { parsePdf } from './pdf.js';
import { parsePlainText } from './plain-text.js';
import { parseCsv, parseXlsx } from './sheet.js';

export { ParseError } from './parse-error.js';

// The contract's upload extensions, under the name the parsers use: one parser per allowed type.
export const SUPPORTED_EXTENSIONS = ALLOWED_EXTENSIONS;
export type Extension = AllowedExtension;

export const CONTENT_TYPES: Record<Extension, string> = {
  '.csv': 'text/csv',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.eml': 'message/rfc822',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.md': 'text/markdown',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The version of what each type's parser extracts, raised when a change to it is worth indexing
 * files again: a re-crawl then re-reads an unchanged file that an older version indexed (stored per
 * document, `kb_documents.extraction`). 2 for PDF: headings, paragraphs and lists read from the
 * layout, where version 1 had one block of text per page; 2 for Word: headings made by hand (larger
 * text, no Heading style) are headings; 2 for HTML: a short paragraph all in bold heads what follows;
 * 3 for HTML: links back to the top of the page ("Back to top") are not text; 4 for HTML: lists of links
 * to other pages ("Related articles") are not text; 5 for HTML: nor are teasers of other pages (a title
 * link on a line of its own, a line of description); 6 for HTML: nor is the page's table of contents
 * (items that only link to parts of the page); 7 for HTML: text and inline markup between a container's
 * blocks are one paragraph, not one per piece; 8 for HTML: a list item's first text is its line and what
 * it holds (a paragraph, a nested list) is written under it, indented, where the item's text was a
 * paragraph and nested items were items of the outer list.
 */
const EXTRACTION: Partial<Record<Extension, number>> = { '.pdf': 2, '.docx': 2, '.html': 8, '.htm': 8 };

export function extractionOf(ext: Extension): number {
  return EXTRACTION[ext] ?? 1;
}

export const TEXT_EXTENSIONS: ReadonlySet<Extension> = new Set([
  '.csv',
  '.eml',
  '.htm',
  '.html',
  '.md',
  '.txt',
]);

export function extensionOf(filename: string): Extension | null {
  const dot = filename.lastIndexOf('.');
  const ext = dot >= 0 ? filename.slice(dot).toLowerCase() : '';
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(ext) ? (ext as Extension) : null;
}

/**
 * Turns a file's bytes into heading-aware blocks; throws ParseError with a user-facing message.
 * The pacer lets the event loop serve requests during long loops (text lines, table rows, PDF
 * pages). HTML is parsed by linkedom in one synchronous call: crawled pages are capped far below
 * the upload limit, and an uploaded 25 MiB HTML file still holds the loop while it is parsed.
 */
export async function parseFile(
  bytes: Buffer,
  ext: Extension,
  filename: string,
  pacer: Pacer = new Pacer(),
): Promise<ParsedDocument> {
  const fallbackTitle = filename;
  switch (ext) {
    case '.pdf':
      return parsePdf(bytes, fallbackTitle, pacer);
    case '.docx':
      return parseDocx(bytes, fallbackTitle);
    case '.xlsx':
      return parseXlsx(bytes, fallbackTitle, pacer);
    case '.eml':
      return parseEmail(bytes, fallbackTitle);
    case '.csv':
      return parseCsv(await decodeUtf8(bytes, pacer), fallbackTitle, pacer);
    case '.md':
      return parseMarkdown(await decodeUtf8(bytes, pacer), fallbackTitle, pacer);
    case '.htm':
    case '.html': {
      // The links and robots directives go back too: the crawler follows them (see crawl-session.ts).
      const page = extractHtml(await decodeUtf8(bytes, pacer));
      return { ...page, title: page.title || fallbackTitle };
    }
    case '.txt':
      return parsePlainText(await decodeUtf8(bytes, pacer), fallbackTitle, pacer);
  }
}
