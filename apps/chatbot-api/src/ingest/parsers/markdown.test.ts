import { describe, expect, it } from 'vitest';
import type { Block } from '../../knowledge/chunking.js';
import { Pacer } from '../../knowledge/pacer.js';
import { parseMarkdown } from './markdown.js';

const parse = (text: string) => parseMarkdown(text, 'fallback.md', new Pacer());
const textOf = (b: Block) => (b.kind === 'text' ? b.text : '');

describe('parseMarkdown', () => {
  it('keeps headings as each block’s path, without closing hashes', async () => {
    const doc = await parse(
      '# Fees ##\n\nThe fee is $75.\n\n## Waivers #\n\nAsk for a fee waiver.\n\n### C#\n\nCode.',
    );
    expect(doc.title).toBe('Fees');
    expect(doc.blocks).toEqual([
      { kind: 'text', headings: ['Fees'], text: 'The fee is $75.' },
      { kind: 'text', headings: ['Fees', 'Waivers'], text: 'Ask for a fee waiver.' },
      { kind: 'text', headings: ['Fees', 'Waivers', 'C#'], text: 'Code.' },
    ]);
  });

  it('reduces links, images and emphasis to their text, and keeps list items and table rows apart', async () => {
    const doc = await parse(
      [
        'Read [the guide](https://example.org/guide "Guide") and ![a map](map.png) **today**.',
        '- first item',
        '- second item',
        '',
        '| Case type | Fee |',
        '|:---|---:|',
        '| Small claims | $75 |',
      ].join('\n'),
    );
    expect(doc.blocks.map(textOf)).toEqual([
      'Read the guide and a map today.',
      '- first item',
      '- second item',
      'Case type | Fee',
      'Small claims | $75',
    ]);
  });

  it('reads lines of any shape in linear time', async () => {
    // Each once backtracked for minutes: a deeply indented list, a heading with a long run of
    // spaces, unclosed brackets and link targets, a run of spaces between pipes.
    const nestedList = Array.from({ length: 3_000 }, (_, i) => `${' '.repeat(i * 2)}- item`).join('\n');
    const doc = await parse(
      [
        nestedList,
        `# Title${' '.repeat(60_000)}x`,
        '['.repeat(60_000),
        '[a]('.repeat(15_000),
        `|${' '.repeat(60_000)}x`,
        `${' '.repeat(60_000)}-|-x`,
      ].join('\n'),
    );
    expect(doc.blocks.filter((b) => textOf(b) === '- item')).toHaveLength(3_000);
  });
});
