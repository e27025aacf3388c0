import { describe, expect, it } from 'vitest';
import { openingLine } from './list-runs.js';
import { render } from './render.js';
import { splitUnits } from './sentences.js';

describe('splitUnits: tables', () => {
  it('names the columns in each row of a passage that starts with its header row', () => {
    const text = [
      'Total spaces in the lot | Accessible spaces (1 of them van) | Van-accessible spaces',
      '1 to 25 | 1 | 1',
      '51 to 75 | 3 | 1',
    ].join('\n');
    expect(splitUnits(text).map((u) => u.text)).toEqual([
      '1 to 25: Accessible spaces (1 of them van): 1; Van-accessible spaces: 1',
      '51 to 75: Accessible spaces (1 of them van): 3; Van-accessible spaces: 1',
    ]);
  });

  it('reads a two-column row as key and value', () => {
    const text = ['Case | Fee', 'Small claims up to $2,500 | $35', 'Small claims over $2,500 | $75'].join(
      '\n',
    );
    expect(splitUnits(text)[0]!.text).toBe('Small claims up to $2,500: $35');
  });

  it('keeps rows as they are when the passage does not start with the header', () => {
    const text = [
      'Hours',
      'Building open | Monday to Friday, 7:30 a.m. to 5:00 p.m.',
      'Clerk | 8:00 a.m. to 4:00 p.m.',
    ].join('\n');
    expect(splitUnits(text).map((u) => u.text)).toEqual([
      'Hours — Building open: Monday to Friday, 7:30 a.m. to 5:00 p.m.',
      'Hours — Clerk: 8:00 a.m. to 4:00 p.m.',
    ]);
  });

  it('keeps each row of a table of words a row of its own, whatever case its first cell starts in', () => {
    const text = [
      'Don’t say | Say',
      'accompany | go with',
      'accomplish | carry out, do',
      'limits | magnitude',
    ].join('\n');
    expect(splitUnits(text).map((u) => u.text)).toEqual([
      'accompany: go with',
      'accomplish: carry out, do',
      'limits: magnitude',
    ]);
  });

  it('reads the header of a table that follows text in the same passage as its column names', () => {
    const text = [
      'Family law forms are listed below.',
      'Form | Name | What it is for',
      'FL-150 | Income and Expense Declaration | Shows your income',
    ].join('\n');
    expect(splitUnits(text).map((u) => u.text)).toEqual([
      'Family law forms are listed below.',
      'FL-150: Name: Income and Expense Declaration; What it is for: Shows your income',
    ]);
  });
});

describe('splitUnits: lead-ins', () => {
  it('keeps a short lead-in before the list it introduces', () => {
    const text = [
      'Both of these must be true:',
      '',
      '- You live in the county, and',
      '- You are 18 or older',
    ].join('\n');
    expect(splitUnits(text).map((u) => [u.text, u.listItem])).toEqual([
      ['Both of these must be true:', false],
      ['You live in the county, and', true],
      ['You are 18 or older', true],
    ]);
  });

  it('still reads a short label before an unpunctuated value as one unit', () => {
    expect(splitUnits('By mail to:\n100 Main Street').map((u) => u.text)).toEqual([
      'By mail to: 100 Main Street',
    ]);
  });

  it('ends a sentence with the short fragment that leads into a list', () => {
    const text = ['And at least one of these must be true. You:', '- Are at least 65 years old, or'].join(
      '\n',
    );
    expect(splitUnits(text).map((u) => u.text)).toEqual([
      'And at least one of these must be true. You:',
      'Are at least 65 years old, or',
    ]);
  });
});

describe('splitUnits: FAQ labels', () => {
  it('quotes an FAQ answer without its "A:" label', () => {
    const text = 'A: Yes, as long as the examination is job-related. It must be given to everyone.';
    expect(splitUnits(text).map((u) => u.text)).toEqual([
      'Yes, as long as the examination is job-related.',
      'It must be given to everyone.',
    ]);
  });
});

describe('splitUnits: sentence ends', () => {
  const texts = (passage: string) => splitUnits(passage).map((u) => u.text);

  it('does not end a sentence at an abbreviation or initials before a number, nor at "v." in a case name', () => {
    expect(
      texts('Three orders apply: E.O. 12866, E.O. 12988, and E.O. 13563. Agencies follow them.'),
    ).toEqual(['Three orders apply: E.O. 12866, E.O. 12988, and E.O. 13563.', 'Agencies follow them.']);
    expect(
      texts('Walters v. Reno, 145 F.3d 1032 (9th Cir. 1998), is the case. It was decided on appeal.'),
    ).toEqual(['Walters v. Reno, 145 F.3d 1032 (9th Cir. 1998), is the case.', 'It was decided on appeal.']);
  });

  it('does not end a sentence at "p.m." before a parenthesis', () => {
    expect(texts('File by 11:59 p.m. (Eastern time), or mail it to us. We read every petition.')).toEqual([
      'File by 11:59 p.m. (Eastern time), or mail it to us.',
      'We read every petition.',
    ]);
  });

  it('still ends a sentence before one that opens with a number', () => {
    expect(texts('The fee is 20 dollars. 15 people came.')).toEqual([
      'The fee is 20 dollars.',
      '15 people came.',
    ]);
  });
});

describe('splitUnits: nested lists', () => {
  it('reads how deep under an item a line is written', () => {
    const units = splitUnits(
      [
        'Follow these steps:',
        '- Create a password.',
        '  - Use at least:',
        '    - 12 characters',
        '  Choose one you remember. Write it down.',
        '- Sign in.',
        '  Indented after the list ends.',
        'You are all done.',
      ].join('\n'),
    );
    expect(units.map((u) => [u.text, u.listItem, u.depth ?? 0])).toEqual([
      ['Follow these steps:', false, 0],
      ['Create a password.', true, 0],
      ['Use at least:', true, 1],
      ['12 characters', true, 2],
      ['Choose one you remember.', false, 1],
      ['Write it down.', false, 1],
      ['Sign in.', true, 0],
      ['Indented after the list ends.', false, 1],
      ['You are all done.', false, 0],
    ]);
    // Indentation outside a list nests nothing.
    expect(splitUnits('Some text here.\n  Indented paragraph here.').map((u) => u.depth ?? 0)).toEqual([
      0, 0,
    ]);
  });

  it('reads an item longer than a unit as its first sentence with the rest under it, not cut short', () => {
    const rest =
      'The student provides documentation of her diagnoses and their effects on test-taking. '.repeat(5);
    const units = splitUnits(`- Example. A student asks for extended time on an exam. ${rest}`);
    expect(units[0]).toMatchObject({ text: 'Example.', listItem: true });
    expect(units.slice(1).every((u) => !u.listItem && u.depth === 1 && !u.text.endsWith('…'))).toBe(true);
    expect(units.map((u) => u.text).join(' ')).toContain('effects on test-taking.');
  });
});

describe('openingLine', () => {
  it('is the first unit, and for an item heading a nested list, what the items under it say', () => {
    expect(openingLine('Call us. We answer.')).toBe('Call us.');
    expect(
      openingLine(
        '- Identity Theft\n  - Website: IdentityTheft.gov\n  - Phone: 1-877-438-4338.\n- Cyber Crime\n  - FBI',
      ),
    ).toBe('Identity Theft: Website: IdentityTheft.gov; Phone: 1-877-438-4338');
    expect(openingLine('')).toBeNull();
  });
});

describe('render', () => {
  const u = (text: string, listItem: boolean, position: number, depth = 0, paragraph?: number) => ({
    unit: {
      text,
      listItem,
      position,
      ...(depth > 0 && { depth }),
      ...(paragraph !== undefined && { paragraph }),
    },
  });

  it('writes what is under a quoted item under it, as Markdown nests, never deeper than one level below', () => {
    expect(
      render(
        [
          u('Follow these steps:', false, 0),
          u('Create a password.', true, 1),
          u('Choose one you remember.', false, 2, 1, 2),
          u('write it down', false, 3, 1, 2),
          u('12 characters', true, 4, 3),
          u('Sign in.', true, 5),
        ],
        ' [Source 1]',
      ),
    ).toEqual([
      'Follow these steps:',
      '- Create a password.\n  Choose one you remember. Write it down.\n  - 12 characters\n- Sign in. [Source 1]',
    ]);
    // A nested list quoted alone is not indented.
    expect(render([u('12 characters', true, 0, 2), u('A number', true, 1, 2)], ' [Source 1]')).toEqual([
      '- 12 characters\n- A number [Source 1]',
    ]);
  });

  it('keeps one item after its lead-in as a list item', () => {
    expect(
      render(
        [u('At least one must be true. You:', false, 0), u('Are 65 or older, or', true, 1)],
        ' [Source 1]',
      ),
    ).toEqual(['At least one must be true. You:', '- Are 65 or older, or [Source 1]']);
  });

  it('names the table of rows quoted together once, as their lead-in', () => {
    expect(
      render(
        [
          u('Filing fees — $1,500 or less: $30', true, 0),
          u('Filing fees — $1,500.01 to $5,000: $50', true, 1),
        ],
        ' [Source 1]',
      ),
    ).toEqual(['Filing fees:', '- $1,500 or less: $30\n- $1,500.01 to $5,000: $50 [Source 1]']);
    // Rows of two tables keep their names.
    expect(
      render([u('Fees — Filing: $30', true, 0), u('Hours — Clerk: 8 to 4', true, 1)], ' [Source 1]'),
    ).toEqual(['- Fees — Filing: $30\n- Hours — Clerk: 8 to 4 [Source 1]']);
  });

  it('reads one item with no lead-in as a sentence', () => {
    expect(render([u('are 65 or older, or', true, 0)], ' [Source 1]')).toEqual([
      'Are 65 or older. [Source 1]',
    ]);
  });
});
