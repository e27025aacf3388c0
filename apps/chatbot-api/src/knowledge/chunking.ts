/*
 * Heading-aware chunking. A parsed document is a list of blocks (paragraphs, list items, table rows
 * under a heading path). Chunks target ~450 tokens (hard max 500) and never mix two sections unless
 * the earlier one is too small to stand alone; a long section is cut into windows that overlap by
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

export const TARGET_TOKENS = 450;
export const MAX_TOKENS = 500;
/** A section smaller than this is merged with the next one instead of forming its own chunk. */
const MIN_SECTION_TOKENS = 120;
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
  const b = new ChunkBuilder();
  for (const block of doc.blocks) {
    if (block.kind === 'table') {
      b.flush(false);
      b.out.push(...chunkTable(block));
    } else if (block.text.trim()) {
      b.addText(block.text.trim(), block.headings);
    }
  }
  b.flush(false);
  return b.out.map((c, index) => ({ index, ...c }));
}

class ChunkBuilder {
  readonly out: Omit<Chunk, 'index'>[] = [];
  private path: string[] = [];
  private key = '';
  private parts: string[] = [];
  /** Words added since the last flush, not counting the overlap carried over. */
  private fresh = 0;
  private words = 0;

  addText(text: string, headings: readonly string[]): void {
    const key = headings.join('\u0000');
    if (key !== this.key) {
      // A new section starts a new chunk, unless what we hold is too small to stand alone.
      // An overlap tail never crosses into another section: flush(false) drops it.
      if (wordsToTokens(this.fresh) >= MIN_SECTION_TOKENS || this.fresh === 0) this.flush(false);
      if (this.fresh === 0) this.path = [...headings];
      this.key = key;
    }
    const pieces = wordsToTokens(countWords(text)) > MAX_TOKENS ? splitLong(text) : [text];
    for (const piece of pieces) {
      const w = countWords(piece);
      if (this.fresh > 0 && wordsToTokens(this.words + w) > MAX_TOKENS) {
        this.flush(true);
        this.path = [...headings];
      }
      this.parts.push(piece);
      this.words += w;
      this.fresh += w;
    }
  }

  /** Emits the held text as a chunk; with `overlap`, the next chunk starts with its last words. */
  flush(overlap: boolean): void {
    const text = this.parts.join('\n');
    if (this.fresh > 0) this.out.push({ headingPath: this.path, text });
    const tail = overlap && this.fresh > 0 ? lastWords(text, tokensToWords(OVERLAP_TOKENS)) : '';
    this.parts = tail ? [tail] : [];
    this.words = countWords(tail);
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

function lastWords(text: string, n: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(Math.max(0, words.length - n)).join(' ');
}

function chunkTable(block: Extract<Block, { kind: 'table' }>): Omit<Chunk, 'index'>[] {
  const headerLine = block.header.join(' | ');
  const headerWords = countWords(headerLine);
  const out: Omit<Chunk, 'index'>[] = [];
  let rows: string[] = [];
  let words = headerWords;
  for (const row of block.rows) {
    const line = row.join(' | ');
    const w = countWords(line);
    if (rows.length > 0 && wordsToTokens(words + w) > TARGET_TOKENS) {
      out.push({ headingPath: [...block.headings], text: [headerLine, ...rows].join('\n') });
      rows = [];
      words = headerWords;
    }
    rows.push(line);
    words += w;
  }
  if (rows.length > 0) out.push({ headingPath: [...block.headings], text: [headerLine, ...rows].join('\n') });
  return out;
}
