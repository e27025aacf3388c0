import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../knowledge/chunking.js';
import { Pacer } from '../../knowledge/pacer.js';
import { parsePdf } from './pdf.js';
import { layoutBlocks, linesOfPage, type PdfTextRun } from './pdf-layout.js';

/** A page of lines, each `[text, x, y, size]`, one run per line unless a line is a list of runs. */
type LineSpec = [text: string | [string, number][], x: number, y: number, size?: number];
function page(n: number, lines: LineSpec[]) {
  const runs: PdfTextRun[] = [];
  for (const [text, x, y, size = 11] of lines) {
    const parts = typeof text === 'string' ? [[text, x] as [string, number]] : text;
    parts.forEach(([str, at], i) => {
      runs.push({ str, x: at, y, width: str.length * size * 0.5, size, eol: i === parts.length - 1 });
    });
  }
  return linesOfPage(runs, n);
}
const texts = (pages: ReturnType<typeof page>[]) =>
  layoutBlocks(pages).blocks.map((b) => (b.kind === 'text' ? [b.headings.at(-1) ?? null, b.text] : null));

describe('layoutBlocks', () => {
  it('reads larger lines as headings, their sizes as levels, a two-line heading as one', () => {
    const { blocks, title } = layoutBlocks([
      page(1, [
        ['Jury Service', 72, 700, 20],
        ['Your summons tells you where to report. Bring it with', 72, 670],
        ['you on the day.', 72, 656],
        ['What to bring on your first day of', 72, 620, 15],
        ['service', 72, 602, 15],
        ['Bring a photo ID.', 72, 580],
        ['Pay', 72, 550, 15],
        ['Jurors are paid $15 a day.', 72, 530],
      ]),
    ]);
    expect(title).toBe('Jury Service');
    expect(blocks).toEqual([
      {
        kind: 'text',
        headings: ['Jury Service'],
        text: 'Your summons tells you where to report. Bring it with you on the day.',
      },
      {
        kind: 'text',
        headings: ['Jury Service', 'What to bring on your first day of service'],
        text: 'Bring a photo ID.',
      },
      { kind: 'text', headings: ['Jury Service', 'Pay'], text: 'Jurors are paid $15 a day.' },
    ]);
  });

  it('keeps a list a list: bullets, Word\'s "o" bullets, wrapped items, numbered steps', () => {
    expect(
      texts([
        page(1, [
          ['Before your hearing', 72, 700, 15],
          ['Bring these papers:', 72, 680],
          ['• Your notice to appear, or the letter', 90, 664],
          ['the court mailed you;', 108, 650],
          [
            [
              ['o', 108],
              ['a photo ID; and', 126],
            ],
            108,
            636,
          ],
          ['\uf0b7 proof of insurance.', 90, 622],
          ['Then follow these steps.', 72, 596],
          ['1. Check in at the clerk window.', 72, 580],
          ['2. Wait to be called.', 72, 566],
        ]),
      ]),
    ).toEqual([
      ['Before your hearing', 'Bring these papers:'],
      ['Before your hearing', '- Your notice to appear, or the letter the court mailed you;'],
      ['Before your hearing', '- a photo ID; and'],
      ['Before your hearing', '- proof of insurance.'],
      ['Before your hearing', 'Then follow these steps.'],
      ['Before your hearing', '- 1. Check in at the clerk window.'],
      ['Before your hearing', '- 2. Wait to be called.'],
    ]);
  });

  it('ends a paragraph at a wider gap, and a list at text set back to the margin', () => {
    expect(
      texts([
        page(1, [
          ['Fees', 72, 720, 15],
          ['The filing fee is $75 for a claim of up to', 72, 700],
          ['$5,000, paid when you file.', 72, 686],
          ['A fee waiver is available if you receive', 72, 658],
          ['public benefits or have a low income.', 72, 644],
          ['- Online', 90, 630],
          ['By mail or in person.', 72, 616],
        ]),
      ]),
    ).toEqual([
      ['Fees', 'The filing fee is $75 for a claim of up to $5,000, paid when you file.'],
      ['Fees', 'A fee waiver is available if you receive public benefits or have a low income.'],
      ['Fees', '- Online'],
      ['Fees', 'By mail or in person.'],
    ]);
  });

  it("carries a sentence over a page break, after which the page's footnotes follow", () => {
    expect(
      texts([
        page(1, [
          ['Appeals', 72, 700, 15],
          ['You may appeal within 30 days of the', 72, 680],
          ['1 See Rule 8.100.', 72, 90, 8],
          ['2 See Rule 8.104.', 72, 80, 8],
        ]),
        page(2, [['judgment.1 The appeal is filed with the clerk.', 72, 700]]),
      ]),
    ).toEqual([
      ['Appeals', 'You may appeal within 30 days of the judgment.1 The appeal is filed with the clerk.'],
      ['Appeals', '1 See Rule 8.100.'],
      ['Appeals', '2 See Rule 8.104.'],
    ]);
  });

  it('leaves out page numbers and the running header or footer of every page', () => {
    const pages = [1, 2, 3].map((n) =>
      page(n, [
        ['Superior Court of Example County — Self-Help Guide', 72, 760, 9],
        [`Section ${n}`, 72, 720, 15],
        [`Part ${n} of the guide says what to do before the hearing,`, 72, 700],
        ['where to go on the day, and whom to call for help.', 72, 686],
        // A number alone inside the text is content, not a page number.
        ['Copies to bring:', 72, 658],
        ['3', 72, 644],
        ['Hand them to the clerk.', 72, 616],
        [n === 2 ? 'Page 2 of 3' : `${n}`, 300, 40, 9],
      ]),
    );
    const says = (n: number) =>
      `Part ${n} of the guide says what to do before the hearing, where to go on the day, and whom to call for help.`;
    expect(texts(pages)).toEqual(
      [1, 2, 3].flatMap((n) => [
        [`Section ${n}`, says(n)],
        [`Section ${n}`, 'Copies to bring: 3'],
        [`Section ${n}`, 'Hand them to the clerk.'],
      ]),
    );
  });

  it('places text under "Page N" when nothing stands out as a heading', () => {
    const { blocks, title } = layoutBlocks([
      page(1, [['Call the clerk at 555-0100.', 72, 700]]),
      page(2, [['The court is closed on holidays.', 72, 700]]),
    ]);
    expect(title).toBeNull();
    expect(blocks).toEqual([
      { kind: 'text', headings: ['Page 1'], text: 'Call the clerk at 555-0100.' },
      { kind: 'text', headings: ['Page 2'], text: 'The court is closed on holidays.' },
    ]);
  });

  it('reads a list of questions set as headings as headings, without their bullets', () => {
    expect(
      texts([
        page(1, [
          ['Frequently asked questions', 72, 720, 20],
          ['• How do I make a', 90, 690, 15],
          ['request?', 90, 672, 15],
          ['Write to the records office. It answers within 20 working days of receiving it.', 90, 650],
          ['• Is there a fee?', 90, 620, 15],
          ['Searches are free for the first two hours; copies cost 10 cents a page.', 90, 600],
        ]),
      ]),
    ).toEqual([
      [
        'How do I make a request?',
        'Write to the records office. It answers within 20 working days of receiving it.',
      ],
      ['Is there a fee?', 'Searches are free for the first two hours; copies cost 10 cents a page.'],
    ]);
  });

  it('reads text of unknown size (0) as paragraphs under "Page N", never as headings', () => {
    const { blocks } = layoutBlocks([
      page(1, [
        ['Call the clerk at 555-0100.', 72, 700, 0],
        ['Short line', 72, 680, 0],
      ]),
    ]);
    expect(blocks.map((b) => b.kind === 'text' && [b.headings, b.text])).toEqual([
      [['Page 1'], 'Call the clerk at 555-0100. Short line'],
    ]);
  });

  it('spaces runs set apart without a space, and reads a size by most of its characters', () => {
    const lines = linesOfPage(
      [
        { str: 'Step', x: 72, y: 700, width: 22, size: 11, eol: false },
        { str: '1', x: 100, y: 700, width: 6, size: 11, eol: false },
        // An icon set large, and an empty run, do not make the line a heading.
        { str: '+', x: 110, y: 700, width: 9, size: 18, eol: false },
        { str: '', x: 120, y: 700, width: 0, size: 24, eol: true },
      ],
      1,
    );
    expect(lines).toEqual([{ text: 'Step 1 +', x: 72, y: 700, size: 11, page: 1 }]);
  });
});

describe('parsePdf on real PDFs (ADA.gov guidance documents, public domain)', () => {
  const fixture = (name: string) =>
    readFileSync(
      fileURLToPath(new URL(`../../../test/fixtures/ada-site/assets/pdfs/${name}`, import.meta.url)),
    );
  const sections = (blocks: Block[]) =>
    blocks.flatMap((b) => (b.kind === 'text' ? [{ heading: b.headings.at(-1), text: b.text }] : []));

  it('finds the headings, keeps each bullet a list item with its wrapped lines, drops page numbers', async () => {
    const doc = await parsePdf(fixture('web-guidance.pdf'), 'web-guidance.pdf', new Pacer());
    expect(doc.title).toBe('Guidance on Web Accessibility and the ADA');
    const barriers = sections(doc.blocks).filter(
      (s) => s.heading === 'Examples of Website Accessibility Barriers',
    );
    expect(barriers[0]?.text).toBe(
      '- Poor color contrast. People with limited vision or color blindness cannot read text if there is not enough contrast between the text and background (for example, light gray text on a light-colored background).',
    );
    // Word's "o" sub-bullets are items too.
    expect(barriers.map((s) => s.text)).toContain('- Clear instructions; and');
    expect(barriers.every((s) => s.text.startsWith('- '))).toBe(true);
    expect(new Set(sections(doc.blocks).map((s) => s.heading))).toContain(
      'How to Make Web Content Accessible to People with Disabilities',
    );
    expect(sections(doc.blocks).some((s) => /^\d+$/.test(s.text))).toBe(false);
  });

  it('joins a two-line heading, and carries a paragraph over the page break before the footnotes', async () => {
    const doc = await parsePdf(fixture('ai-guidance.pdf'), 'ai-guidance.pdf', new Pacer());
    const all = sections(doc.blocks);
    expect(all.map((s) => s.heading)).toContain('How employers use algorithms and artificial intelligence');
    const over = all.findIndex((s) =>
      s.text.startsWith('Even where an employer does not mean to discriminate'),
    );
    expect(all[over]?.text).toMatch(/comparing applicants to current successful employees\. Because people/);
    expect(all[over + 1]?.text).toBe('1 See 42 U.S.C. § 12112; 29 C.F.R. § 1630.4.');
  });
});
