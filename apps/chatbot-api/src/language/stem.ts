import { createRequire } from 'node:module';
import { type Language, words } from './words.js';

/*
 * Snowball stemmers (the snowball-stemmers package, a port of the Snowball project's algorithms):
 * English (Porter2) and Spanish, so "payments"/"paying" and "pagan"/"pago"/"pagar" meet. Words are
 * folded first (see words.ts); stems are cached because the same words recur in every passage.
 */

interface Stemmer {
  stem(word: string): string;
}
const snowball = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer(language: string): Stemmer;
};
const STEMMERS: Record<Language, Stemmer> = {
  en: snowball.newStemmer('english'),
  es: snowball.newStemmer('spanish'),
};
const CACHE_LIMIT = 50_000;
const VOWELLESS_PLURAL = /^[b-df-hj-np-tv-xz]{2,}s$/;
const caches: Record<Language, Map<string, string>> = { en: new Map(), es: new Map() };

export function stem(word: string, language: Language): string {
  if (word.length <= 2 || /\d/.test(word)) return word;
  const cache = caches[language];
  let s = cache.get(word);
  if (s === undefined) {
    // Porter2 keeps the "s" of a plural with no vowel before it: "pdfs", "dvds" and "ssns" would
    // not meet "pdf", "dvd" and "ssn". An acronym's plural drops it.
    s = STEMMERS[language].stem(language === 'en' && VOWELLESS_PLURAL.test(word) ? word.slice(0, -1) : word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, s);
  }
  return s;
}

/** The text's words (already folded) as Spanish stems, space-separated: the Spanish index's body. */
export function spanishStems(foldedWords: readonly string[]): string {
  return foldedWords.map((w) => stem(w, 'es')).join(' ');
}

/** A text as Spanish stems (folded words, space-separated): the body of the Spanish full-text index. */
export function spanishStemText(text: string): string {
  return spanishStems(words(text));
}
