import { dataLines } from './data-files.js';

/*
 * Words as retrieval sees them: lower case, accents folded, split on anything that is not a letter
 * or a digit (apostrophes dropped first, so "don't" is "dont"). Function words of English and
 * Spanish (data/language/function-words.*.txt) say how a question is asked, not what it is about.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export type Language = 'en' | 'es';

export function fold(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * "non-" and the word it negates, as written with a hyphen ("non-service-connected"). Without the u
 * flag (\b under iu is far slower), a letter beyond ASCII is any character from U+00C0 on.
 */
const NEGATED = /\b(non)[-‐‑](?=[a-z\u00c0-\uffff])/gi;
/** A cheap test first: most texts have hyphens, few a "non-". */
const MAY_NEGATE = /non[-‐‑]/i;

/**
 * "non-" joined to the word it negates: "non-service-connected" care is the opposite of
 * "service-connected" care, and "non-TTY" phones are not TTYs, so neither may match those words.
 */
export function joinNegations(text: string): string {
  return MAY_NEGATE.test(text) ? text.replace(NEGATED, '$1') : text;
}

/** Folded words of a text, in order ("non-" joined to the word it negates). */
export function words(text: string): string[] {
  return joinNegations(fold(text)).replace(/['’]/g, '').match(WORD) ?? [];
}

function wordSet(file: string): Set<string> {
  return new Set(dataLines(file).flatMap((l) => l.split(/\s+/).filter(Boolean)));
}

const FUNCTION_WORDS: Record<Language, Set<string>> = {
  en: wordSet('function-words.en.txt'),
  es: wordSet('function-words.es.txt'),
};

/** A function word of `language`, or of either language when none is given. */
export function isFunctionWord(word: string, language?: Language): boolean {
  if (language !== undefined) return FUNCTION_WORDS[language].has(word);
  return FUNCTION_WORDS.en.has(word) || FUNCTION_WORDS.es.has(word);
}

/**
 * Words that carry content: not function words (of `language` when given, else of either
 * language); one letter only if a digit. In an English question "son", "van" and "sea" are
 * content words, though Spanish uses them as function words.
 */
export function contentWords(text: string, language?: Language): string[] {
  return words(text).filter((w) => !isFunctionWord(w, language) && (w.length > 1 || /\d/.test(w)));
}

/** How many of a text's words are function words of Spanish only, and of English only. */
function functionWordCounts(text: string): { es: number; en: number } {
  let es = 0;
  let en = 0;
  for (const w of words(text)) {
    const inEs = FUNCTION_WORDS.es.has(w);
    const inEn = FUNCTION_WORDS.en.has(w);
    if (inEs && !inEn) es++;
    else if (inEn && !inEs) en++;
  }
  return { es, en };
}

/**
 * Whether a sentence is Spanish for sure: two Spanish function words or more, and more than English
 * ones. For one line of a page, where detectLanguage's cues (an "ñ" in "Español") are too thin.
 */
export function isSpanishSentence(text: string): boolean {
  const { es, en } = functionWordCounts(text);
  return es >= 2 && es > en;
}

/**
 * Spanish when the text shows Spanish punctuation, ñ, or more words found only in the Spanish
 * function-word list than only in the English one. Short texts with no evidence are English.
 */
export function detectLanguage(text: string): Language {
  if (/[¿¡ñ]/i.test(text)) return 'es';
  const { es, en } = functionWordCounts(text);
  if (es === en && /[áéíóú]/i.test(text)) return 'es';
  return es > en ? 'es' : 'en';
}
