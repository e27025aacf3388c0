import { wordsOf } from './text-fold.js';

/*
 * A light Spanish suffix stripper for the second full-text index (kb_chunks_fts_es). FTS5's porter
 * stemmer only knows English, so "pagan", "pago" and "pagar" stay three terms there; stripping
 * the inflections of number, gender and the common verb forms makes them all "pag". Words are
 * folded first (lower case, no accents), as everywhere else in search. Over-stemming costs little:
 * this index only adds candidates and rank to the English one, it never removes any.
 */

/** Longest first: the first suffix that leaves a stem of MIN_STEM letters or more is removed. */
const SUFFIXES = [
  'aciones',
  'iciones',
  'amientos',
  'imientos',
  'amiento',
  'imiento',
  'aremos',
  'eremos',
  'iremos',
  'ieron',
  'acion',
  'icion',
  'abamos',
  'iendo',
  'yendo',
  'arian',
  'erian',
  'irian',
  'aron',
  'ando',
  'amos',
  'emos',
  'imos',
  'aban',
  'aria',
  'eria',
  'iria',
  'aran',
  'eran',
  'iran',
  'ados',
  'adas',
  'idos',
  'idas',
  'ado',
  'ada',
  'ido',
  'ida',
  'aba',
  'ara',
  'era',
  'ira',
  'ar',
  'er',
  'ir',
  'an',
  'en',
  'as',
  'es',
  'os',
  'a',
  'e',
  'o',
  's',
];
const MIN_STEM = 3;

/** The stem of one folded word ("pagamos" → "pag"); short words and numbers are left alone. */
export function spanishStem(word: string): string {
  if (word.length <= MIN_STEM || /\d/.test(word)) return word;
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= MIN_STEM && word.endsWith(suffix)) {
      return word.slice(0, word.length - suffix.length);
    }
  }
  return word;
}

/** A text as the space-separated stems of its words: what kb_chunks_fts_es indexes. */
export function spanishStemText(text: string): string {
  return wordsOf(text).map(spanishStem).join(' ');
}

// Spanish function and question words rare in English text: one of them, an accented letter or
// ¿ ¡ marks a query as (possibly) Spanish. Words shared with English ("no", "a", "me") are left out.
const SPANISH_MARKERS = new Set(
  (
    'al como con cual cuales cuando cuanto cuantos del donde el esta estan hay las los mis necesito para ' +
    'por puede puedo que quien se sus tengo una unas uno unos y'
  ).split(' '),
);

/**
 * Whether the Spanish-stem index is worth a query: English queries skip it, so their ranking and
 * cost stay as they were (the stems of English words only repeat what the porter stemmer finds).
 */
export function looksSpanish(query: string): boolean {
  if (/[ñáéíóúü¿¡]/i.test(query)) return true;
  return wordsOf(query).some((w) => SPANISH_MARKERS.has(w));
}
