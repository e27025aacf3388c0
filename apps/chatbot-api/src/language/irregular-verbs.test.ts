import { describe, expect, it } from 'vitest';
import { dataLines } from './data-files.js';
import { verbForms } from './irregular-verbs.js';

describe('verbForms', () => {
  it('joins the forms of an irregular verb both ways', () => {
    expect(verbForms('lose')).toEqual(['lost']);
    expect(verbForms('lost')).toEqual(['lose']);
    expect(verbForms('written').sort()).toEqual(['write', 'wrote']);
    expect(verbForms('paid')).toContain('pay');
  });

  it('leaves regular verbs, other words and the light verbs alone', () => {
    expect(verbForms('file')).toEqual([]);
    expect(verbForms('court')).toEqual([]);
    // "left" is a direction as often as a past, and "became" says little on its own.
    expect(verbForms('left')).toEqual([]);
    expect(verbForms('become')).toEqual([]);
  });

  it('reads a well-formed data file', () => {
    for (const line of dataLines('irregular-verbs.en.tsv')) {
      expect(line).toMatch(/^[a-z]+\t[a-z]+(, [a-z]+)*$/);
    }
  });
});
