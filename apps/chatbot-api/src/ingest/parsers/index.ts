import type { ParsedDocument } from '../../knowledge/chunking.js';
import { extractHtml } from '../../knowledge/html-extract.js';
import { parseDocx } from './docx.js';
import { parseEmail } from './email.js';
import { parseMarkdown } from './markdown.js';
import { parsePdf } from './pdf.js';
import { parseCsv, parseXlsx } from './sheet.js';

export { ParseError } from './parse-error.js';

export const SUPPORTED_EXTENSIONS = [
  '.csv',
  '.docx',
  '.eml',
  '.htm',
  '.html',
  '.md',
  '.pdf',
  '.txt',
  '.xlsx',
] as const;
export type Extension = (typeof SUPPORTED_EXTENSIONS)[number];

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

/** Turns a file's bytes into heading-aware blocks; throws ParseError with a user-facing message. */
export async function parseFile(bytes: Buffer, ext: Extension, filename: string): Promise<ParsedDocument> {
  const fallbackTitle = filename;
  switch (ext) {
    case '.pdf':
      return parsePdf(bytes, fallbackTitle);
    case '.docx':
      return parseDocx(bytes, fallbackTitle);
    case '.xlsx':
      return parseXlsx(bytes, fallbackTitle);
    case '.eml':
      return parseEmail(bytes, fallbackTitle);
    case '.csv':
      return parseCsv(decode(bytes), fallbackTitle);
    case '.md':
      return parseMarkdown(decode(bytes), fallbackTitle);
    case '.htm':
    case '.html': {
      const { title, blocks } = extractHtml(decode(bytes));
      return { title: title || fallbackTitle, blocks };
    }
    case '.txt':
      return parsePlainText(decode(bytes), fallbackTitle);
  }
}

function decode(bytes: Buffer): string {
  return new TextDecoder('utf-8').decode(bytes);
}

function parsePlainText(text: string, fallbackTitle: string): ParsedDocument {
  const blocks = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0)
    .map((p) => ({ kind: 'text' as const, headings: [] as string[], text: p }));
  return { title: fallbackTitle, blocks };
}
