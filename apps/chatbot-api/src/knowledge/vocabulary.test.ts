import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { addTextDocument } from '../../test/fixtures/text-document.js';
import { correctWord, editDistance } from './vocabulary.js';

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
