import { describe, expect, it } from 'vitest';
import { dataLines, readDataFile } from './data-files.js';
import { fold } from './words.js';

/*
 * The shape of data/language/glossary.es-en.tsv, checked on the file itself: the loader trusts it,
 * so a stray space-for-tab or a Spanish form on two lines would silently change what is searched.
 */
const FILE = 'glossary.es-en.tsv';

const entries = readDataFile(FILE)
  .split(/\r?\n/)
  .map((text, index) => ({ text, line: index + 1 }))
  .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'));

const phrases = (side: string) => side.split(',').map((p) => p.trim());
const spanishForms = (text: string) => phrases(text.split('\t')[0] ?? '').map(fold);

const where = (found: { line: number; text: string }[]) =>
  found.map(({ line, text }) => `${FILE}:${line}: ${text}`);

describe(FILE, () => {
  it('holds a general glossary, not a handful of words', () => {
    expect(entries.length).toBeGreaterThanOrEqual(1500);
  });

  it('has exactly one tab a line, with non-empty phrases on both sides', () => {
    const bad = entries.filter(({ text }) => {
      const sides = text.split('\t');
      return sides.length !== 2 || sides.some((side) => phrases(side).some((p) => p === ''));
    });
    expect(where(bad)).toEqual([]);
  });

  it('is lower case', () => {
    expect(where(entries.filter(({ text }) => text !== text.toLowerCase()))).toEqual([]);
  });

  it('gives each Spanish form, accents folded, one line only', () => {
    const firstLine = new Map<string, number>();
    const repeated: string[] = [];
    for (const { text, line } of entries) {
      for (const form of spanishForms(text)) {
        const seen = firstLine.get(form);
        if (seen === undefined) firstLine.set(form, line);
        else repeated.push(`"${form}" on lines ${seen} and ${line}`);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('has no Spanish function word as a form', () => {
    const functionWords = new Set(dataLines('function-words.es.txt').flatMap((l) => l.split(/\s+/)));
    const bad = entries.filter(({ text }) => spanishForms(text).some((f) => functionWords.has(f)));
    expect(where(bad)).toEqual([]);
  });

  it('does not repeat a Spanish phrase of lay-legal.tsv', () => {
    const layLegal = new Set(
      dataLines('lay-legal.tsv').flatMap((l) => phrases(l.split('\t')[1] ?? '').map(fold)),
    );
    const bad = entries.filter(({ text }) => spanishForms(text).some((f) => layLegal.has(f)));
    expect(where(bad)).toEqual([]);
  });
});
