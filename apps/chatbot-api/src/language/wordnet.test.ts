import { describe, expect, it } from 'vitest';
import { derivations, isEnglishWord, namesPerson, synonyms } from './wordnet.js';

describe('WordNet', () => {
  it('gives the synonyms of the most frequent senses', () => {
    expect(synonyms('lawyer')).toContain('attorney');
  });

  it('finds the synonyms of an inflected word through its base form', () => {
    expect(synonyms('lawyers')).toContain('attorney');
    expect(synonyms('holidays')).toContain('vacation');
    expect(synonyms('lawyers')).not.toContain('lawyer');
    // A form the index lists as it is keeps its own senses.
    expect(synonyms('glasses')).toContain('spectacles');
  });

  it('keeps only the senses readers met in the sense-tagged corpus', () => {
    // "spots" is listed as a noun of its own (the eye's floaters) that no tagged text uses: the
    // plural of "spot" takes the base form's senses.
    expect(synonyms('spots')).toContain('place');
    expect(synonyms('spots')).not.toContain('floater');
    // Of "spot" as a verb only "catch sight of" is attested; "recognize" is an untagged sense.
    expect(synonyms('spot')).toContain('espy');
    expect(synonyms('spot')).not.toContain('recognize');
    // A word with no tagged sense at all keeps its first senses.
    expect(synonyms('daycare')).toContain('day care');
  });

  it('links a word to its derivationally related forms, whatever its inflection', () => {
    expect(derivations('register')).toContain('registration');
    expect(derivations('pay')).toContain('payment');
    expect(derivations('complain')).toContain('complaint');
    // Inflected forms, a doubled final consonant included, reach their base form's links.
    expect(derivations('admitted')).toContain('admission');
    expect(derivations('appeals')).toContain('appellant');
    for (const w of ['register', 'admitted']) expect(derivations(w)).not.toContain(w);
    // Single words only, and nothing for a word WordNet does not know.
    expect(derivations('register').every((d) => !d.includes(' '))).toBe(true);
    expect(derivations('zoomgov')).toEqual([]);
  });

  it('tells nouns that name a person by their most frequent sense', () => {
    for (const w of ['grandfather', 'landlord', 'daughters', 'employer']) expect(namesPerson(w)).toBe(true);
    for (const w of ['passport', 'weather', 'party', 'headstone', 'quickly'])
      expect(namesPerson(w)).toBe(false);
  });

  it('knows English words in any inflection', () => {
    expect(isEnglishWord('admitted')).toBe(true);
    expect(isEnglishWord('dawsen')).toBe(false);
  });
});
