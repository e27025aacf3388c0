import { describe, expect, it } from 'vitest';
import { makeDocx } from '../../../test/fixtures/make-files.js';
import { parseDocx } from './docx.js';

const sections = async (paragraphs: Parameters<typeof makeDocx>[0]) =>
  (await parseDocx(makeDocx(paragraphs), 'guide.docx')).blocks.map((b) =>
    b.kind === 'text' ? [b.headings, b.text] : null,
  );

describe('parseDocx', () => {
  it('keeps the Heading styles as the heading path', async () => {
    expect(
      await sections([
        { heading: 1, text: 'Jury Duty' },
        { heading: 2, text: 'What to bring' },
        { text: 'Bring your summons and a photo ID.' },
      ]),
    ).toEqual([[['Jury Duty', 'What to bring'], 'Bring your summons and a photo ID.']]);
  });

  it('reads short paragraphs set clearly larger than the body text as headings, by size', async () => {
    expect(
      await sections([
        { size: 20, text: 'Small Claims Guide' },
        {
          size: 12,
          text: 'This guide explains how to sue for money in small claims court, and what it costs.',
        },
        { size: 15, text: 'Filing fees' },
        { size: 12, text: 'The fee is $30 for claims of $1,500 or less.' },
        // Larger text in a long paragraph is emphasis, not a heading.
        {
          size: 15,
          text: 'Do not miss your hearing date, or the judge may decide the case without you being there.',
        },
        { size: 15, text: 'Serving the other side' },
        { size: 12, text: 'Anyone over 18 who is not part of the case may serve the papers.' },
      ]),
    ).toEqual([
      [
        ['Small Claims Guide'],
        'This guide explains how to sue for money in small claims court, and what it costs.',
      ],
      [['Small Claims Guide', 'Filing fees'], 'The fee is $30 for claims of $1,500 or less.'],
      [
        ['Small Claims Guide', 'Filing fees'],
        'Do not miss your hearing date, or the judge may decide the case without you being there.',
      ],
      [
        ['Small Claims Guide', 'Serving the other side'],
        'Anyone over 18 who is not part of the case may serve the papers.',
      ],
    ]);
  });

  it('compares with the size most of the text is set in: a large-print document has no headings of that size', async () => {
    expect(
      await sections([
        { size: 16, text: 'Call the clerk.' },
        { size: 16, text: 'The clerk answers questions about forms, fees and dates on weekdays.' },
      ]),
    ).toEqual([
      [[], 'Call the clerk.'],
      [[], 'The clerk answers questions about forms, fees and dates on weekdays.'],
    ]);
  });
});
