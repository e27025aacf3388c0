import { describe, expect, it } from 'vitest';
import {
  chunkDocument,
  estimateTokens,
  indexedText,
  MAX_CHUNK_CHARS,
  MAX_TOKENS,
  type ParsedDocument,
} from './chunking.js';

function sentence(i: number): string {
  return `Sentence number ${i} explains one rule of the small claims court in plain words.`;
}

describe('chunkDocument', () => {
  it('keeps the indentation that nests a line under a list item, and trims the rest', () => {
    const lines = [
      '- Create a password.\n',
      '  - Use 12 characters  ',
      '  Choose one you remember.',
      '\n\tSign in. ',
    ];
    const doc: ParsedDocument = {
      title: 'Steps',
      blocks: lines.map((text) => ({ kind: 'text', headings: ['Steps'], text })),
    };
    expect(chunkDocument(doc)[0]!.text).toBe(
      '- Create a password.\n  - Use 12 characters\n  Choose one you remember.\nSign in.',
    );
  });

  it('keeps each chunk within the token budget and overlaps consecutive windows', () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) => sentence(i));
    const doc: ParsedDocument = {
      title: 'Small claims',
      blocks: paragraphs.map((text) => ({ kind: 'text', headings: ['Small claims', 'Filing'], text })),
    };
    const chunks = chunkDocument(doc);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(estimateTokens(c.text)).toBeLessThanOrEqual(MAX_TOKENS);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    // The start of each next chunk repeats the end of the previous one (10-15 % overlap).
    const first = chunks[0]!.text.split(/\s+/).join(' ');
    const overlap = chunks[1]!.text.split('\n')[0]!;
    expect(first.endsWith(overlap)).toBe(true);
    const overlapTokens = estimateTokens(overlap);
    expect(overlapTokens).toBeGreaterThanOrEqual(40);
    expect(overlapTokens).toBeLessThanOrEqual(70);
  });

  it('starts a new chunk at a heading and records the heading path', () => {
    const long = Array.from({ length: 12 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument({
      title: 'Court',
      blocks: [
        { kind: 'text', headings: ['Court', 'Hours'], text: long },
        { kind: 'text', headings: ['Court', 'Locations'], text: long },
      ],
    });
    expect(chunks.map((c) => c.headingPath)).toEqual([
      ['Court', 'Hours'],
      ['Court', 'Locations'],
    ]);
  });

  it('keeps each section in its own chunk, however small', () => {
    const chunks = chunkDocument({
      title: 'Court',
      blocks: [
        { kind: 'text', headings: ['A'], text: 'Short.' },
        { kind: 'text', headings: ['B'], text: 'Also short.' },
      ],
    });
    expect(chunks.map((c) => [c.headingPath, c.text])).toEqual([
      [['A'], 'Short.'],
      [['B'], 'Also short.'],
    ]);
  });

  it('splits a single huge paragraph', () => {
    const huge = Array.from({ length: 300 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument({ title: 't', blocks: [{ kind: 'text', headings: [], text: huge }] });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(estimateTokens(c.text)).toBeLessThanOrEqual(MAX_TOKENS);
  });

  it('cuts tables into row groups that repeat the header', () => {
    const rows = Array.from({ length: 200 }, (_, i) => [`Case ${i}`, `Department ${i % 7}`, 'Room 101']);
    const chunks = chunkDocument({
      title: 'Calendar',
      blocks: [{ kind: 'table', headings: ['Sheet1'], header: ['Case', 'Department', 'Room'], rows }],
    });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text.split('\n')[0]).toBe('Case | Department | Room');
      expect(c.headingPath).toEqual(['Sheet1']);
    }
    expect(chunks.flatMap((c) => c.text.split('\n').slice(1))).toHaveLength(200);
  });
});

describe('indexedText', () => {
  it('prefixes the chunk with the title and heading path', () => {
    expect(indexedText('Jury duty', ['Jury duty', 'Postponing'], 'Call us.')).toBe(
      'Jury duty\nPostponing\nCall us.',
    );
  });
});

describe('chunkDocument on text without spaces', () => {
  it('cuts a run of a million characters into chunks of at most MAX_CHUNK_CHARS, losing nothing', () => {
    const run = 'a'.repeat(1_000_000);
    const chunks = chunkDocument({ title: 'T', blocks: [{ kind: 'text', headings: ['T'], text: run }] });
    expect(Math.max(...chunks.map((c) => c.text.length))).toBe(MAX_CHUNK_CHARS);
    expect(chunks.map((c) => c.text).join('')).toBe(run);
  });

  it('carries no overlap that would make a chunk longer, and leaves ordinary sections as they were', () => {
    const text = `${'word '.repeat(300)}${'x'.repeat(20_000)} ${'word '.repeat(300)}`;
    const chunks = chunkDocument({ title: 'T', blocks: [{ kind: 'text', headings: ['T'], text }] });
    expect(chunks.every((c) => c.text.length <= MAX_CHUNK_CHARS)).toBe(true);
    expect(chunks.map((c) => c.text).join(' ')).toContain('x'.repeat(8_000));
  });
});

describe('chunkDocument on tables with huge cells or headers', () => {
  const table = (header: string[], rows: string[][]): ParsedDocument => ({
    title: 'T',
    blocks: [{ kind: 'table', headings: ['T'], header, rows }],
  });

  it('cuts a row longer than a chunk into pieces, each under the header', () => {
    const cell = 'x'.repeat(50_000);
    const chunks = chunkDocument(
      table(
        ['Case', 'Notes'],
        [
          ['1', cell],
          ['2', 'short'],
        ],
      ),
    );
    expect(chunks.every((c) => c.text.length <= MAX_CHUNK_CHARS)).toBe(true);
    expect(chunks.every((c) => c.text.startsWith('Case | Notes\n'))).toBe(true);
    expect(chunks.map((c) => c.text.replace('Case | Notes\n', '')).join('')).toContain(cell);
    expect(chunks.at(-1)!.text).toContain('2 | short');
  });

  it('does not repeat a header of thousands of columns on every chunk', () => {
    const header = Array.from({ length: 5_000 }, (_, i) => `column ${i}`);
    const chunks = chunkDocument(table(header, [header.map(() => '1')]));
    expect(chunks.every((c) => c.text.length <= MAX_CHUNK_CHARS)).toBe(true);
    expect(chunks.map((c) => c.text).join(' ')).toContain('column 4999');
  });
});
