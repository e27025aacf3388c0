import PostalMime from 'postal-mime';
import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import { extractHtml } from '../../knowledge/html-extract.js';
import { ParseError } from './parse-error.js';

/** An email: subject as title, sender and date as a first block, then the text body (or its HTML). */
export async function parseEmail(bytes: Buffer, fallbackTitle: string): Promise<ParsedDocument> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(bytes);
  } catch {
    throw new ParseError('The email could not be parsed.');
  }
  const title = email.subject?.trim() || fallbackTitle;
  const from = email.from
    ? [email.from.name, email.from.address && `<${email.from.address}>`].filter(Boolean).join(' ')
    : '';
  const header = [`Subject: ${title}`, from && `From: ${from}`, email.date && `Date: ${email.date}`]
    .filter(Boolean)
    .join('\n');
  const blocks: Block[] = [{ kind: 'text', headings: [title], text: header }];
  if (email.text?.trim()) {
    for (const para of email.text.split(/\n\s*\n/)) {
      const text = para.trim();
      if (text) blocks.push({ kind: 'text', headings: [title], text });
    }
  } else if (email.html) {
    const doc = extractHtml(email.html, { readability: false });
    blocks.push(...doc.blocks.map((b) => ({ ...b, headings: [title, ...b.headings] })));
  }
  return { title, blocks };
}
