import { describe, expect, it } from 'vitest';
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
});
