import { describe, expect, it } from 'vitest';
import { codePointLength, exceedsChars } from './char-length.js';

const emoji = '\u{1F600}';

describe('codePointLength', () => {
  it('counts a surrogate pair as one character', () => {
    expect(codePointLength(emoji.repeat(3))).toBe(3);
    expect(codePointLength(`a${emoji}b`)).toBe(3);
  });

  it('agrees with the string iterator, lone surrogates included', () => {
    for (const s of ['', 'plain', 'é', '\uD800', '\uDC00x', `\uD800${emoji}\uDBFF`, `${emoji}\uD83D`]) {
      expect(codePointLength(s)).toBe([...s].length);
    }
  });

  it('stops one past the limit instead of counting the whole string', () => {
    expect(codePointLength('x'.repeat(1000), 10)).toBe(11);
    expect(codePointLength(emoji.repeat(1000), 10)).toBe(11);
    expect(codePointLength(emoji.repeat(5), 10)).toBe(5);
  });
});

describe('exceedsChars', () => {
  it('accepts 100,000 emoji (200,000 UTF-16 units) and rejects 100,001', () => {
    expect(exceedsChars(emoji.repeat(100_000), 100_000)).toBe(false);
    expect(exceedsChars(emoji.repeat(100_001), 100_000)).toBe(true);
  });

  it('rejects a string of plain letters just over the limit', () => {
    expect(exceedsChars('a'.repeat(65), 64)).toBe(true);
    expect(exceedsChars('a'.repeat(64), 64)).toBe(false);
  });
});
