import { dataLines } from './data-files.js';
import { stem } from './stem.js';
import { type Language, words } from './words.js';

/*
 * The lay-word ↔ legal-word table (data/language/lay-legal.tsv): groups of phrases that mean the same
 * to someone asking a court or an agency, in English and Spanish. A question phrase found in a group
 * stands for the whole group, so "lawyer" also finds "attorney" and "juzgado" finds "court".
 */

export interface LexiconGroup {
  id: number;
  /** Each phrase as folded words. */
  en: string[][];
  es: string[][];
}

function phrases(cell: string | undefined): string[][] {
  return (cell ?? '')
    .split(',')
    .map((p) => words(p))
    .filter((p) => p.length > 0);
}

const GROUPS: LexiconGroup[] = dataLines('lay-legal.tsv').map((line, id) => {
  const [en, es] = line.split('\t');
  return { id, en: phrases(en), es: phrases(es) };
});

/**
 * First word's key → [phrase, group, language] entries starting with it, longest phrase first. A
 * phrase indexes under its first word as written and by that word's stem in the phrase's language,
 * so "kid" meets "kids" and "pague" meets "pagar" (see `same`).
 */
const BY_FIRST_WORD = new Map<string, { phrase: string[]; group: LexiconGroup; language: Language }[]>();
const WRITTEN = new Set(GROUPS.flatMap((g) => [...g.en, ...g.es].map((p) => p.join(' '))));
for (const group of GROUPS) {
  for (const [language, list] of [
    ['en', group.en],
    ['es', group.es],
  ] as const) {
    for (const phrase of list) {
      for (const key of [phrase[0]!, `~${language}:${stem(phrase[0]!, language)}`]) {
        const entries = BY_FIRST_WORD.get(key) ?? [];
        if (!entries.some((e) => e.group === group && e.phrase === phrase))
          entries.push({ phrase, group, language });
        BY_FIRST_WORD.set(key, entries);
      }
    }
  }
}
for (const list of BY_FIRST_WORD.values()) list.sort((a, b) => b.phrase.length - a.phrase.length);

/**
 * A question word is a phrase's word as written or, when no phrase of the table is written so, by
 * stem in the phrase's language: "kid" is "kids", but "fine" (the penalty) is not "fines"'s only
 * reading when "fine" is listed itself.
 */
function same(question: string, word: string, language: Language): boolean {
  return question === word || (!WRITTEN.has(question) && stem(question, language) === stem(word, language));
}

export interface LexiconMatch {
  /** Index of the first question word covered, and how many words. */
  start: number;
  length: number;
  groups: LexiconGroup[];
}

/**
 * Phrases of the lexicon found in a sequence of folded words, longest first and without overlap:
 * as written, or, given the question's language, by stem in that language ("kid" → "kids").
 * One phrase may belong to several groups ("support" is in "child support" and in "help").
 */
export function findLexiconPhrases(ws: readonly string[], language?: Language): LexiconMatch[] {
  const out: LexiconMatch[] = [];
  let i = 0;
  while (i < ws.length) {
    const w = ws[i]!;
    // By stem only within the question's language: Spanish "responder" is not English "respondent".
    const keys = WRITTEN.has(w) || !language ? [w] : [w, `~${language}:${stem(w, language)}`];
    const entries = keys
      .flatMap((k) => BY_FIRST_WORD.get(k) ?? [])
      .sort((a, b) => b.phrase.length - a.phrase.length);
    let best: LexiconMatch | null = null;
    for (const entry of entries) {
      const { phrase, group } = entry;
      if (best && phrase.length < best.length) break;
      if (i + phrase.length > ws.length) continue;
      const stemmed = entry.language === language;
      if (!phrase.every((p, k) => (stemmed ? same(ws[i + k]!, p, entry.language) : ws[i + k] === p)))
        continue;
      if (!best) best = { start: i, length: phrase.length, groups: [group] };
      else if (!best.groups.includes(group)) best.groups.push(group);
    }
    if (best) {
      out.push(best);
      i += best.length;
    } else i++;
  }
  return out;
}
