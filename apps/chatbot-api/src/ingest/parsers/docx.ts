import mammoth from 'mammoth';
import type { ParsedDocument } from '../../knowledge/chunking.js';
import { extractHtml } from '../../knowledge/html-extract.js';
import { ParseError } from './parse-error.js';

/** Word documents go through mammoth's HTML (which keeps headings) and then the HTML walker. */
export async function parseDocx(bytes: Buffer, fallbackTitle: string): Promise<ParsedDocument> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch {
    throw new ParseError('The Word document could not be read; it may be damaged.');
  }
  // No Readability here: a Word document has no page chrome, all of it is content.
  const doc = extractHtml(`<!doctype html><html><body><main>${html}</main></body></html>`, {
    readability: false,
  });
  return {
    title: doc.blocks.find((b) => b.headings.length > 0)?.headings[0] ?? fallbackTitle,
    blocks: doc.blocks,
  };
}
