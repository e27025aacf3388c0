import type { Pacer } from './pacer.js';

/*
 * Heading-aware chunking. A parsed document is a list of blocks (paragraphs, list items, table rows
 * under a heading path). Chunks target ~450 tokens (hard max 500) and never mix two sections (a
 * chunk is one section or a window of a long one); a long section is cut into windows that overlap by
 * ~12 % so a sentence cut at a boundary is still whole in one of the two chunks. Tables (CSV, XLSX)
 * are cut into row groups, each repeating the header row so every chunk reads on its own.
 * Tokens are estimated as 1.3 per word: close enough to BPE counts for English and Spanish prose.
 */

export type Block =
  | { kind: 'text'; headings: readonly string[]; text: string }
  | {
      kind: 'table';
      headings: readonly string[];
      header: readonly string[];
      rows: readonly (readonly string[])[];
    };

export interface ParsedDocument {
  title: string;
  blocks: Block[];
}

export interface Chunk {
  index: number;
  headingPath: string[];
  /** The passage shown to readers and quoted in citations. */
  text: string;
}

/**
 * Indentation of one level in a passage's text: a nested list's item, or a paragraph written under an
 * item, as Markdown nests them ("- Create your password." then "  - Use 12 characters").
 */
export const LIST_INDENT = '  ';

export const TARGET_TOKENS = 450;
export const MAX_TOKENS = 500;
const OVERLAP_TOKENS = Math.round(TARGET_TOKENS * 0.12);

export function estimateTokens(text: string): number {
  return Math.ceil(countWords(text) * 1.3);
}

function countWords(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}

function wordsToTokens(n: number): number {
  return Math.ceil(n * 1.3);
}

function tokensToWords(n: number): number {
  return Math.floor(n / 1.3);
}

/** Text put into the full-text and vector index for a chunk: title and heading path first. */
export function indexedText(title: string, headingPath: readonly string[], text: string): string {
  const head = headingPath.filter((h) => h !== title).join(' > ');
  return [title, head, text].filter((s) => s.length > 0).join('\n');
}

export function chunkDocument(doc: ParsedDocument): Chunk[] {
  const out: Omit<Chunk, 'index'>[] = [];
  for (const _ of chunkSteps(doc, out));
  return out.map((c, index) => ({ index, ...c }));
}

/** chunkDocument, letting the event loop run whenever the pacer's budget is spent. */
export async function chunkDocumentCooperatively(doc: ParsedDocument, pacer: Pacer): Promise<Chunk[]> {
  const out: Omit<Chunk, 'index'>[] = [];
  for (const _ of chunkSteps(doc, out)) await pacer.tick();
  return out.map((c, index) => ({ index, ...c }));
}

/**
 * The chunking work, cut into steps of bounded cost (one text segment, or TABLE_STEP_ROWS rows):
 * each `yield` is a point where the caller may pause. One generator serves the synchronous and
 * the cooperative callers, so both cut the same chunks.
 */
function* chunkSteps(doc: ParsedDocument, out: Omit<Chunk, 'index'>[]): Generator<void> {
  const b = new ChunkBuilder(out);
  for (const block of doc.blocks) {
    if (block.kind === 'table') {
      b.flush(false);
      yield* chunkTable(block, out);
    } else {
      // A nested list item or a paragraph under an item keeps its indentation (see html-extract.ts).
      for (const segment of segments(block.text.trimEnd().replace(/^\s*?( *)(?=\S)/, '$1'))) {
        b.addText(segment, block.headings);
        yield;
      }
    }
  }
  b.flush(false);
}

/**
 * Characters a chunk holds at most, whatever its word count: a run without spaces (a pasted token,
 * an inline data URI) counts as one word, and one of a megabyte made a chunk of a megabyte. Real
 * sections stay far below it (under 3,000 characters on every eval site).
 */
export const MAX_CHUNK_CHARS = 8_000;

/** Longest text handed to the builder at once: a few ms of splitting and counting. */
const SEGMENT_CHARS = 64 * 1024;
const TABLE_STEP_ROWS = 500;

/**
 * A paragraph cut into pieces of at most SEGMENT_CHARS, at a sentence end when one is near the
 * limit, else at a space. Only a huge paragraph (a text file without blank lines) is cut, and such
 * a paragraph is split into sentence windows by the builder anyway.
 */
function* segments(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SEGMENT_CHARS) {
    const limit = start + SEGMENT_CHARS;
    let cut = text.lastIndexOf('. ', limit);
    if (cut < limit - SEGMENT_CHARS / 4) cut = text.lastIndexOf(' ', limit);
    if (cut <= start) cut = limit;
    else cut++;
    const piece = text.slice(start, cut).trim();
    if (piece) yield piece;
    start = cut;
  }
  const rest = start === 0 ? text : text.slice(start).trim();
  if (rest.trim()) yield rest;
}

class ChunkBuilder {
  constructor(readonly out: Omit<Chunk, 'index'>[]) {}
  private path: string[] = [];
  private key = '';
  private parts: string[] = [];
  /** Words added since the last flush, not counting the overlap carried over. */
  private fresh = 0;
  private words = 0;
  private chars = 0;

  addText(text: string, headings: readonly string[]): void {
    const key = headings.join('\u0000');
    if (key !== this.key) {
      // A new section starts a new chunk, however small the last one: a passage is then one
      // section, and an answer quoted from it never mixes in sentences from another. An overlap
      // tail never crosses into another section: flush(false) drops it.
      this.flush(false);
      this.path = [...headings];
      this.key = key;
    }
    const pieces = (wordsToTokens(countWords(text)) > MAX_TOKENS ? splitLong(text) : [text]).flatMap((p) =>
      cutLong(p),
    );
    for (const piece of pieces) {
      const w = countWords(piece);
      if (
        this.fresh > 0 &&
        (wordsToTokens(this.words + w) > MAX_TOKENS || this.chars + piece.length > MAX_CHUNK_CHARS)
      ) {
        this.flush(true);
        this.path = [...headings];
      }
      // An overlap tail that would push a long piece past the limit is dropped, not flushed alone.
      if (this.fresh === 0 && this.chars + piece.length > MAX_CHUNK_CHARS) {
        this.parts = [];
        this.words = 0;
        this.chars = 0;
      }
      this.parts.push(piece);
      this.words += w;
      this.fresh += w;
      this.chars += piece.length + 1;
    }
  }

  /** Emits the held text as a chunk; with `overlap`, the next chunk starts with its last words. */
  flush(overlap: boolean): void {
    const text = this.parts.join('\n');
    if (this.fresh > 0) this.out.push({ headingPath: this.path, text });
    const last = overlap && this.fresh > 0 ? lastWords(text, tokensToWords(OVERLAP_TOKENS)) : '';
    // An overlap is a few sentences' worth: a tail as long as a quarter chunk is a run, not carried.
    const tail = last.length <= MAX_CHUNK_CHARS / 4 ? last : '';
    this.parts = tail ? [tail] : [];
    this.words = countWords(tail);
    this.chars = tail.length;
    this.fresh = 0;
  }
}

/** Splits one over-long paragraph into windows of whole sentences (or words when a sentence is huge). */
function splitLong(text: string): string[] {
  const sentences = text.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [text];
  const maxWords = tokensToWords(TARGET_TOKENS) - tokensToWords(OVERLAP_TOKENS);
  const pieces: string[] = [];
  for (const s of sentences) {
    const words = s.trim().split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length; i += maxWords) pieces.push(words.slice(i, i + maxWords).join(' '));
  }
  return pieces.filter((p) => p.length > 0);
}

/** A piece longer than MAX_CHUNK_CHARS cut into pieces that fit, at a space when one is near the limit. */
function cutLong(piece: string, max = MAX_CHUNK_CHARS): string[] {
  if (piece.length <= max) return [piece];
  const out: string[] = [];
  let start = 0;
  while (piece.length - start > max) {
    const limit = start + max;
    const space = piece.lastIndexOf(' ', limit);
    const cut = space > start + max / 2 ? space + 1 : limit;
    out.push(piece.slice(start, cut).trim());
    start = cut;
  }
  out.push(piece.slice(start).trim());
  return out.filter((p) => p.length > 0);
}

function lastWords(text: string, n: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(Math.max(0, words.length - n)).join(' ');
}

function* chunkTable(block: Extract<Block, { kind: 'table' }>, out: Omit<Chunk, 'index'>[]): Generator<void> {
  const headerLine = block.header.join(' | ');
  // A header longer than a quarter chunk (thousands of columns) is not repeated on every chunk:
  // its own pieces are chunks, and the rows follow without it.
  const repeated = headerLine.length <= MAX_CHUNK_CHARS / 4;
  if (!repeated)
    for (const piece of cutLong(headerLine)) out.push({ headingPath: [...block.headings], text: piece });
  const lead = repeated ? [headerLine] : [];
  const headerWords = repeated ? countWords(headerLine) : 0;
  const headerChars = repeated ? headerLine.length + 1 : 0;
  let rows: string[] = [];
  let words = headerWords;
  let chars = headerChars;
  let sinceStep = 0;
  const emit = () => {
    out.push({ headingPath: [...block.headings], text: [...lead, ...rows].join('\n') });
    rows = [];
    words = headerWords;
    chars = headerChars;
  };
  for (const row of block.rows) {
    const line = row.join(' | ');
    const w = countWords(line);
    if (
      rows.length > 0 &&
      (wordsToTokens(words + w) > TARGET_TOKENS || chars + line.length > MAX_CHUNK_CHARS)
    ) {
      emit();
    }
    // A row longer than a chunk (a cell of a megabyte) is cut; each piece goes under the header.
    for (const piece of cutLong(line, MAX_CHUNK_CHARS - headerChars)) {
      if (rows.length > 0 && chars + piece.length > MAX_CHUNK_CHARS) emit();
      rows.push(piece);
      words += countWords(piece);
      chars += piece.length + 1;
    }
    if (++sinceStep === TABLE_STEP_ROWS) {
      sinceStep = 0;
      yield;
    }
  }
  if (rows.length > 0) emit();
}
