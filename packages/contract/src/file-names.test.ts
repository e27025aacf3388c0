import { describe, expect, it } from 'vitest';
import {
  filenameProblem,
  hasUnprintableCharacters,
  isAllowedExtension,
  utf8ByteLength,
} from './file-names.js';

describe('filenameProblem', () => {
  it('accepts an ordinary name, spaces and accents included', () => {
    expect(filenameProblem('Tarifas de la corte 2026.pdf')).toBeNull();
  });

  it('names the first rule broken, in the contract order', () => {
    expect(filenameProblem('  ')).toBe('empty');
    expect(filenameProblem(`${'é'.repeat(128)}.txt`)).toBe('too_long');
    expect(filenameProblem('a/b.txt')).toBe('path_separator');
    expect(filenameProblem('a\\b.txt')).toBe('path_separator');
    expect(filenameProblem('a\u0000b.txt')).toBe('unprintable');
  });

  it('counts the 255-byte limit in UTF-8 bytes, not characters', () => {
    expect(filenameProblem(`${'a'.repeat(251)}.txt`)).toBeNull();
    expect(filenameProblem(`${'a'.repeat(252)}.txt`)).toBe('too_long');
    expect(utf8ByteLength('é')).toBe(2);
  });
});

describe('hasUnprintableCharacters', () => {
  it('finds controls, format characters, separators, private use and lone surrogates', () => {
    for (const c of [
      '\u0007',
      '\u007f',
      '\u0085',
      '\u200b',
      '\u202e',
      '\u2028',
      '\u2029',
      '\ue000',
      '\ud800',
    ]) {
      expect(hasUnprintableCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
  });

  it('lets letters of any script, digits, punctuation and a plain space pass', () => {
    expect(hasUnprintableCharacters('Año 2026 — résumé (copia) 法院.pdf')).toBe(false);
  });
});

describe('isAllowedExtension', () => {
  it('allows the contract list only, lower case with the dot', () => {
    expect(isAllowedExtension('.pdf')).toBe(true);
    expect(isAllowedExtension('.PDF')).toBe(false);
    expect(isAllowedExtension('.exe')).toBe(false);
    expect(isAllowedExtension('pdf')).toBe(false);
  });
});
