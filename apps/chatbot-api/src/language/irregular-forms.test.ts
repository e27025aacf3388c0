import { describe, expect, it } from 'vitest';
import { dataLines } from './data-files.js';
import { irregularForms } from './irregular-forms.js';

describe('irregularForms', () => {
  it('joins the forms of an irregular verb both ways', () => {
    expect(irregularForms('lose')).toEqual(['lost']);
    expect(irregularForms('lost')).toEqual(['lose']);
    expect(irregularForms('written').sort()).toEqual(['write', 'wrote']);
    expect(irregularForms('paid')).toContain('pay');
  });

  it('knows the less common irregular verbs of a general list ("sped", "overridden", "upheld")', () => {
    expect(irregularForms('sped')).toEqual(['speed']);
    expect(irregularForms('overridden').sort()).toEqual(['override', 'overrode']);
    expect(irregularForms('upheld')).toEqual(['uphold']);
  });

  it('leaves regular verbs, other words and the light verbs alone', () => {
    expect(irregularForms('file')).toEqual([]);
    expect(irregularForms('court')).toEqual([]);
    // "left" is a direction as often as a past, and "became" says little on its own.
    expect(irregularForms('left')).toEqual([]);
    expect(irregularForms('become')).toEqual([]);
  });

  it('joins irregular plurals to their singular', () => {
    expect(irregularForms('children')).toEqual(['child']);
    expect(irregularForms('wife')).toEqual(['wives']);
    expect(irregularForms('criteria')).toEqual(['criterion']);
    // "lives" is a verb as often as the plural of "life".
    expect(irregularForms('lives')).toEqual([]);
  });

  it('reads well-formed data files', () => {
    for (const line of [...dataLines('irregular-verbs.en.tsv'), ...dataLines('irregular-nouns.en.tsv')]) {
      expect(line).toMatch(/^[a-z]+\t[a-z]+(, [a-z]+)*$/);
    }
  });
});
