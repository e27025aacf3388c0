import mammoth from 'mammoth';
import type { ParsedDocument } from '../../knowledge/chunking.js';
import { extractHtml } from '../../knowledge/html-extract.js';
import { ParseError } from './parse-error.js';
import { dominantSize, HEADING_RATIO } from './pdf-layout.js';

/** Word's default body size when a document's text sets none of its own (Normal style: 11 or 12 pt). */
const DEFAULT_BODY = 12;
/** A paragraph longer than this (in words), or ending as a sentence does, is never a heading. */
const MAX_HEADING_WORDS = 20;

/** Mammoth's document model, as far as it is read here (its transform API is documented as unstable). */
interface DocxElement {
  type: string;
  styleId?: string | null;
  styleName?: string | null;
  numbering?: unknown;
  fontSize?: number | null;
  value?: string;
  children?: DocxElement[];
}

function textOf(element: DocxElement): string {
  return element.type === 'text' ? (element.value ?? '') : (element.children ?? []).map(textOf).join('');
}

/** The runs of a paragraph (inside hyperlinks and the like too). */
function runsOf(element: DocxElement): DocxElement[] {
  return (element.children ?? []).flatMap((c) => (c.type === 'run' ? [c] : runsOf(c)));
}

/** The size most of the paragraph's characters are set in by the text itself (null: its style's). */
function setSize(paragraph: DocxElement): number | null {
  const chars = new Map<number | null, number>();
  for (const run of runsOf(paragraph)) {
    const n = textOf(run).trim().length;
    if (n > 0) chars.set(run.fontSize ?? null, (chars.get(run.fontSize ?? null) ?? 0) + n);
  }
  let best: number | null = null;
  let most = 0;
  for (const [size, n] of chars) {
    if (n > most) {
      best = size;
      most = n;
    }
  }
  return best;
}

function paragraphsOf(element: DocxElement): DocxElement[] {
  return element.type === 'paragraph' ? [element] : (element.children ?? []).flatMap(paragraphsOf);
}

/**
 * Headings made by hand, as many court documents are written: a short paragraph not styled as a
 * heading, title or list whose text is set clearly larger than the body text becomes a heading
 * (Heading 1 for the largest such size, and so on), as in a PDF (pdf-layout.ts). The body size is
 * the size most of the document's text is set in, or Word's default when the text sets none.
 */
function headingsBySize(document: DocxElement): DocxElement {
  const paragraphs = paragraphsOf(document);
  const body = dominantSize(paragraphs.map((p) => ({ str: textOf(p), size: setSize(p) ?? DEFAULT_BODY })));
  const sizeOf = (p: DocxElement) => {
    const size = setSize(p);
    const text = textOf(p).trim();
    const words = text.split(/\s+/).filter(Boolean).length;
    // A sentence set large is emphasis; a heading states no sentence ("Filing fees", "Can I pay online?").
    if (/[.;,]$/.test(text)) return null;
    // A paragraph already styled as a heading, a title or a list item keeps its style.
    const styled = /heading|title|list/i.test(p.styleName ?? '') || Boolean(p.numbering);
    return !styled && size !== null && size >= body * HEADING_RATIO && words > 0 && words <= MAX_HEADING_WORDS
      ? size
      : null;
  };
  // Each paragraph's heading size, read once (the transform below meets the same objects).
  const headingSize = new Map(paragraphs.map((p) => [p, sizeOf(p)]));
  const levels = [...new Set(headingSize.values())].filter((s) => s !== null).sort((a, b) => b - a);
  if (levels.length === 0) return document;
  const transform = (element: DocxElement): DocxElement => {
    const size = headingSize.get(element) ?? null;
    const e = element.children ? { ...element, children: element.children.map(transform) } : element;
    return size === null ? e : { ...e, styleName: `Heading ${Math.min(levels.indexOf(size) + 1, 6)}` };
  };
  return transform(document);
}

/** Word documents go through mammoth's HTML (which keeps headings) and then the HTML walker. */
export async function parseDocx(bytes: Buffer, fallbackTitle: string): Promise<ParsedDocument> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes }, { transformDocument: headingsBySize })).value;
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
