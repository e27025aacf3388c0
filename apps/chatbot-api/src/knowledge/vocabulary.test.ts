import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { addTextDocument } from '../../test/fixtures/text-document.js';
import { cognateSkeleton, cognateTerm, correctWord, editDistance } from './vocabulary.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

describe('correctWord', () => {
  it('corrects a typo to the closest term of the index, the most frequent one first', () => {
    addTextDocument(deps.db, 'Traffic', 'Pay a traffic ticket online or by mail.');
    expect(correctWord(deps.db, 'tiket', 'en')).toBe('ticket');
    expect(correctWord(deps.db, 'ticket', 'en')).toBeNull();
  });

  it("breaks a tie between equally close terms with the question's other words", () => {
    for (const subject of ['court', 'clerk', 'jury']) {
      addTextDocument(deps.db, subject, `A strong ${subject} keeps strong records.`);
    }
    addTextDocument(deps.db, 'Noun strings', 'Avoid noun strings: a string of nouns is hard to read.');
    // "strng" is one edit from both "strong" (in three pages) and "string" (in one).
    expect(correctWord(deps.db, 'strng', 'en')).toBe('strong');
    expect(correctWord(deps.db, 'strng', 'en', ['noun'])).toBe('string');
    // Context that appears with neither keeps the most frequent.
    expect(correctWord(deps.db, 'strng', 'en', ['weather'])).toBe('strong');
  });
});

describe('editDistance', () => {
  it('counts a transposition as one edit and gives up past the limit', () => {
    expect(editDistance('recrod', 'record', 1)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('cognateTerm', () => {
  it('finds the English term a Spanish word is a cognate of, once both are spelt alike', () => {
    addTextDocument(deps.db, 'Abbreviations', 'Use no more than three abbreviations in one document.');
    addTextDocument(deps.db, 'Perfected request', 'A perfected request reasonably describes the records.');
    expect(cognateTerm(deps.db, 'abreviaturas')).toBe('abbrevi');
    expect(cognateTerm(deps.db, 'perfeccionada')).toBe('perfect');
  });

  it('finds nothing from a short common beginning or a word the index does not hold', () => {
    addTextDocument(deps.db, 'Records', 'Ask for records of a court case.');
    // "case" begins "casamiento" but is too short to be a cognate; "bandera" has none on the site.
    expect(cognateTerm(deps.db, 'casamiento')).toBeNull();
    expect(cognateTerm(deps.db, 'bandera')).toBeNull();
  });

  it('evens out the spellings of cognates', () => {
    expect(cognateSkeleton('abbreviation')).toBe('abreviation');
    expect(cognateSkeleton('perfeccion')).toBe('perfection');
    expect(cognateSkeleton('photography')).toBe('fotografi');
  });
});
