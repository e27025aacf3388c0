import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';

describe('stem', () => {
  it('meets the forms of a word in English and in Spanish', () => {
    expect(stem('payments', 'en')).toBe(stem('payment', 'en'));
    expect(stem('pagan', 'es')).toBe(stem('pago', 'es'));
  });

  it("drops an acronym's plural s, which Porter2 keeps when no vowel comes before it", () => {
    expect(stem('pdfs', 'en')).toBe(stem('pdf', 'en'));
    expect(stem('dvds', 'en')).toBe('dvd');
    expect(stem('ids', 'en')).toBe(stem('id', 'en'));
    // A word with a vowel is Porter2's to stem, as before.
    expect(stem('bus', 'en')).toBe('bus');
  });
});
