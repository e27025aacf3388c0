import type { Concept } from '../answer/query.js';
import type { Db } from '../db/database.js';
import { englishCognates } from '../language/cognates.js';
import { stem } from '../language/stem.js';
import { isEnglishWord, namesPerson } from '../language/wordnet.js';
import type { Language } from '../language/words.js';
import { quote } from './lexical-search.js';
import { documentFrequency, type FtsTable } from './term-stats.js';
import { cognateTerm, correctWord } from './vocabulary.js';

/*
 * What each concept of a question weighs and how the site may say it: each alternative's document
 * frequency in the English (porter) and Spanish (Snowball) index; for a word the index lacks, a
 * Spanish→English cognate, a two-word split or a typo correction from the index's own vocabulary
 * (never for a dictionary word); equivalents far more common than the word asked count for less.
 * A concept weighs its inverse document frequency: a word found nowhere weighs most, so a question
 * about something the site never mentions is not covered.
 */

/** A concept found nowhere weighs this share of the largest possible idf. */
const UNKNOWN_FACTOR = 1;
/** Known concepts of its own a question needs before an unknown word weighs no more than they do. */
const KNOWN_FOR_CAP = 3;
/** Alternatives at least this sure (the word itself, lexicon equivalents, cognates) make a word known. */
export const STRONG_ALTERNATIVE = 0.8;
const COGNATE_WEIGHT = 0.85;
/** An unknown number weighs as much as a question frame's words (see answer/query.ts). */
const UNKNOWN_NUMBER_BOOST = 0.3;
/** A broader equivalent ("court" for "courthouse") keeps at least this share of its weight. */
const BROADER_FLOOR = 0.5;
/** A concept only in the context a visitor gives before asking weighs this share. */
const CONTEXT_FACTOR = 0.6;
/**
 * Longer than the longest words of English or Spanish dictionaries: a longer run of letters (a pasted
 * token, a key held down) is no misspelt, compound or foreign word, and trying it as one costs a
 * look-up per letter, each as long as the run.
 */
const LONGEST_WORD = 45;

export interface WeightedAlternative {
  words: string[];
  weight: number;
  /** As sure as the word itself (its own words, a lexicon equivalent, a cognate): not a WordNet synonym. */
  sure: boolean;
  /** " stem stem " forms to look for in a chunk's stem strings. */
  en: string;
  es: string;
}

export interface WeightedConcept {
  key: string;
  boost: number;
  weight: number;
  known: boolean;
  /**
   * A number or a person the site never writes, or a word it never writes said only in the story:
   * said by the visitor, not asked about (see below).
   */
  incidental?: boolean;
  /** A word the site never writes, said only in the visitor's story: the weight it would carry. */
  told?: number;
  /** A compound of the question (see answer/query.ts): dropped when the site never writes it. */
  compound?: boolean;
  corrected?: string;
  alternatives: WeightedAlternative[];
}

/** " stem stem " forms of a phrase, to look for in a chunk's stem strings (see chunk-match.ts). */
export function stemForms(ws: readonly string[]): { en: string; es: string } {
  const of = (language: Language) => ` ${ws.map((w) => stem(w, language)).join(' ')} `;
  return { en: of('en'), es: of('es') };
}

export function alternativeOf(ws: string[], weight: number): WeightedAlternative {
  return { words: ws, weight, sure: weight >= STRONG_ALTERNATIVE, ...stemForms(ws) };
}

/** A phrase as an FTS5 string literal of one index: the Spanish one holds Snowball stems. */
export function phraseOf(ws: readonly string[], table: FtsTable): string {
  return quote(table === 'kb_chunks_fts' ? ws.join(' ') : ws.map((w) => stem(w, 'es')).join(' '));
}

function frequency(db: Db, ws: readonly string[], table: FtsTable): number {
  return documentFrequency(db, phraseOf(ws, table), table);
}

export function weighConcepts(
  db: Db,
  concepts: readonly Concept[],
  total: number,
  language: Language = 'en',
): WeightedConcept[] {
  const maxIdf = Math.log(1 + (total + 1));
  const weighed = concepts.map((c) => {
    const alternatives = c.alternatives.map((a) => alternativeOf(a.words, a.weight));
    let df = 0;
    // Synonyms from WordNet help match but do not make a word "known": "passport" is not covered
    // by pages that say "pass".
    for (const a of alternatives) {
      if (a.weight < STRONG_ALTERNATIVE) continue;
      df = Math.max(df, frequency(db, a.words, 'kb_chunks_fts'), frequency(db, a.words, 'kb_chunks_fts_es'));
    }
    let corrected: string | undefined;
    const own = c.alternatives[0]?.words;
    // A Spanish word of an English page: its cognate ("informacion" → "information"). A Spanish
    // question looks for it even when the word itself is on the site, unless a table gave it English
    // equivalents ("paga" → "pay", not "page"): an English site's few Spanish lines ("veterano" in a
    // note) must not hide its English pages ("veteran").
    const translated = alternatives.slice(1).some((a) => a.weight >= STRONG_ALTERNATIVE);
    const word = own?.length === 1 && own[0]!.length <= LONGEST_WORD;
    if ((df === 0 || (language === 'es' && !translated)) && own && word && !isEnglishWord(own[0]!)) {
      for (const candidate of englishCognates(own[0]!)) {
        if (alternatives.some((a) => a.words.length === 1 && a.words[0] === candidate)) break;
        const found = frequency(db, [candidate], 'kb_chunks_fts');
        if (found === 0) continue;
        alternatives.push(alternativeOf([candidate], COGNATE_WEIGHT));
        corrected = candidate;
        df = Math.max(df, found);
        break;
      }
    }
    // A Spanish word whose English cognate no regular ending gives ("abreviaturas" → abbreviations).
    if (df === 0 && language === 'es' && own && word && !isEnglishWord(own[0]!)) {
      const cognate = cognateTerm(db, own[0]!);
      const found = cognate === null ? 0 : frequency(db, [cognate], 'kb_chunks_fts');
      if (cognate !== null && found > 0) {
        alternatives.push(alternativeOf([cognate], COGNATE_WEIGHT));
        corrected = cognate;
        df = found;
      }
    }
    // Only a word no dictionary knows is taken for a typo: "joke" is not a misspelt "job", and a
    // Spanish word a table translates ("cara", expensive) is not a misspelt "cada".
    if (df === 0 && own && word && !isEnglishWord(own[0]!) && !translated) {
      // A misspelt word is first corrected against the words of the question's own language.
      const other: Language = language === 'es' ? 'en' : 'es';
      // The question's other words settle a tie between equally close terms.
      const context = concepts
        .filter((o) => o !== c && o.boost >= 1 && !o.key.includes(':'))
        .flatMap((o) => o.alternatives[0]?.words ?? []);
      const fix = correctWord(db, own[0]!, language, context) ?? correctWord(db, own[0]!, other, context);
      if (fix) {
        corrected = fix;
        alternatives.push(alternativeOf([fix], 0.9));
        df = Math.max(frequency(db, [fix], 'kb_chunks_fts'), frequency(db, [fix], 'kb_chunks_fts_es'));
      }
    }
    // An unknown word ("daycare") may be written as two words on the site ("day care").
    if (df === 0 && own && word && own[0]!.length >= 6) {
      const w = own[0]!;
      for (let i = 3; i <= w.length - 3 && df === 0; i++) {
        const pair = [w.slice(0, i), w.slice(i)];
        const found = frequency(db, pair, 'kb_chunks_fts');
        if (found > 0) {
          alternatives.push(alternativeOf(pair, 0.9));
          corrected = pair.join(' ');
          df = found;
        }
      }
    }
    const known = df > 0;
    const idf = known ? Math.log(1 + (total + 1) / (df + 1)) : UNKNOWN_FACTOR * maxIdf;
    // An equivalent far more common than the word asked ("court" for "courthouse") is a broader
    // term: it counts for less, in proportion to how much less specific it is.
    const ownDf = own
      ? Math.max(frequency(db, own, 'kb_chunks_fts'), frequency(db, own, 'kb_chunks_fts_es'))
      : 0;
    // Not for a Spanish question: an English equivalent is its translation, more common on an English
    // site than the Spanish word only because the site is in English.
    if (ownDf > 0 && language !== 'es') {
      const ownIdf = Math.log(1 + (total + 1) / (ownDf + 1));
      for (const a of alternatives.slice(1)) {
        const altDf = Math.max(
          frequency(db, a.words, 'kb_chunks_fts'),
          frequency(db, a.words, 'kb_chunks_fts_es'),
        );
        if (altDf > ownDf) {
          const ratio = Math.log(1 + (total + 1) / (altDf + 1)) / ownIdf;
          a.weight *= Math.min(1, Math.max(BROADER_FLOOR, ratio));
        }
      }
    }
    // A number the site never writes ("a 4000 dollar case") is a quantity the visitor gives, and a
    // person it never names ("a headstone for my grandfather") is whom the visitor speaks of, not a
    // subject the site must name: each ranks weakly and does not decide coverage. So is any word the
    // site never writes that the visitor says only in the scene they set before or after asking
    // ("my sister is getting threats…", "…im here on a work visa"): it is their story, not what
    // they ask about. Such a word still tells the answer is not exactly about the story (`told`).
    const person = () => alternatives.some((a) => a.sure && a.words.length === 1 && namesPerson(a.words[0]!));
    const told = !known && own?.length === 1 && c.context === true;
    const incidental = !known && own?.length === 1 && (/^\d+$/.test(own[0]!) || person() || told);
    const boost = incidental ? c.boost * UNKNOWN_NUMBER_BOOST : c.boost;
    const factor = c.context ? CONTEXT_FACTOR : 1;
    return {
      key: c.key,
      ...(c.compound ? { compound: true } : {}),
      boost,
      weight: factor * boost * Math.max(idf, 0.05),
      known,
      ...(incidental ? { incidental } : {}),
      ...(told ? { told: factor * c.boost * Math.max(idf, 0.05) } : {}),
      ...(corrected ? { corrected } : {}),
      alternatives,
    };
  });
  // A question that names several things the site knows is about the site's subject: a word of it the
  // site never writes is then more likely said differently there ("spots" for spaces) than a subject
  // the site lacks, and weighs no more than the heaviest word the site knows. A question naming fewer
  // ("how do i renew my passport") keeps its unknown word at the largest weight, and is declined.
  // A compound the site never writes says nothing its words do not (they are concepts of their own).
  const written = weighed.filter((c) => c.known || !c.compound);
  const knownOwn = written.filter((c) => c.known && c.boost >= 1 && !c.key.includes(':'));
  if (knownOwn.length >= KNOWN_FOR_CAP) {
    const cap = Math.max(...knownOwn.map((c) => c.weight));
    for (const c of written) {
      if (!c.known && c.weight > cap) c.weight = cap;
      if (c.told !== undefined && c.told > cap) c.told = cap;
    }
  }
  return written;
}
