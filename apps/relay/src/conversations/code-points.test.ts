import { describe, expect, it } from 'vitest';
import { exceedsCodePoints } from './code-points.js';

describe('exceedsCodePoints', () => {
  it('counts a character outside the BMP once, as the contract does', () => {
    const emoji = '😀'; // two UTF-16 units
    expect(exceedsCodePoints(emoji.repeat(4), 4)).toBe(false);
    expect(exceedsCodePoints(emoji.repeat(5), 4)).toBe(true);
    expect(exceedsCodePoints(`${emoji.repeat(3)}ab`, 5)).toBe(false);
  });

  it('agrees with [...text].length, lone surrogates included', () => {
    for (const text of ['', 'abc', '\ud83d', '\ude00x', 'a😀\ud800b😀', 'é́', '😀'.repeat(50)]) {
      const length = [...text].length;
      expect(exceedsCodePoints(text, length)).toBe(false);
      if (length > 0) expect(exceedsCodePoints(text, length - 1)).toBe(true);
    }
  });
});
