import { createRequire } from 'node:module';
import { dataLines } from './data-files.js';
import { type Language, words } from './words.js';

/*
 * Snowball stemmers (the snowball-stemmers package, a port of the Snowball project's algorithms):
 * English (Porter2) and Spanish, so "payments"/"paying" and "pagan"/"pago"/"pagar" meet. Words are
 * folded first (see words.ts); stems are cached because the same words recur in every passage.
 * English words Porter2 stems like an unrelated word keep a stem of their own (see below).
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
/**
 * Spanish plurals that Snowball stems apart from their singular: "-es" after the consonant a
 * singular ends in (Snowball reads "mujer" and "lugar" as verbs and strips "-er"/"-ar", but only
 * "-es" of "mujeres"; "ciudades", "intereses" keep more than "ciudad", "interes"), and "-ces" of a
 * singular in "-z" ("luces"/"luz", "veces"/"vez"). A Spanish word ends in one consonant after a
 * vowel: "elegibles" is the plural of "elegible", not of "elegibl".
 */
const SPANISH_CONSONANT_PLURAL = /^(.+[aeiou][rlndjys])es$/;
const SPANISH_Z_PLURAL = /^(.{2,})ces$/;
/** A short word in "-os"/"-as" Snowball leaves whole ("ojos", "dias"), as its singular. */
const SPANISH_SHORT_PLURAL = /^(.+[ao])s$/;
const caches: Record<Language, Map<string, string>> = { en: new Map(), es: new Map() };

/**
 * English words Porter2 stems like an unrelated word ("probation" like "probate", "business" like
 * "busy"), with the stem each is given instead (data/language/stem-exceptions.en.tsv).
 */
const ENGLISH_EXCEPTIONS = new Map<string, string>();
for (const line of dataLines('stem-exceptions.en.tsv')) {
  const [own, forms = ''] = line.split('\t');
  for (const form of forms.split(','))
    if (own && form.trim()) ENGLISH_EXCEPTIONS.set(form.trim(), own.trim());
}

export function stem(word: string, language: Language): string {
  if (word.length <= 2 || /\d/.test(word)) return word;
  const cache = caches[language];
  let s = cache.get(word);
  if (s === undefined) {
    // Porter2 keeps the "s" of a plural with no vowel before it: "pdfs", "dvds" and "ssns" would
    // not meet "pdf", "dvd" and "ssn". An acronym's plural drops it.
    s =
      language === 'es'
        ? spanishStem(word)
        : (ENGLISH_EXCEPTIONS.get(word) ??
          STEMMERS.en.stem(VOWELLESS_PLURAL.test(word) ? word.slice(0, -1) : word));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, s);
  }
  return s;
}

/**
 * Snowball's Spanish stem of a word's singular, so a plural and its singular always meet: the
 * singular of a consonant or "-z" plural is stemmed instead of the plural, a final "z" of a stem is
 * written "c" ("luz", "luces" and "lucecita" share "luc"; "avance" and "avances" stay together), and
 * a short "-os"/"-as" word that Snowball leaves whole loses its "s".
 */
function spanishStem(word: string): string {
  const singular = SPANISH_Z_PLURAL.test(word)
    ? word.replace(SPANISH_Z_PLURAL, '$1z')
    : word.replace(SPANISH_CONSONANT_PLURAL, '$1');
  let s = STEMMERS.es.stem(singular);
  if (s === word && SPANISH_SHORT_PLURAL.test(word)) s = word.slice(0, -1);
  return s.endsWith('z') ? `${s.slice(0, -1)}c` : s;
}

/** The text's words (already folded) as Spanish stems, space-separated: the Spanish index's body. */
export function spanishStems(foldedWords: readonly string[]): string {
  return foldedWords.map((w) => stem(w, 'es')).join(' ');
}

/** A text as Spanish stems (folded words, space-separated): the body of the Spanish full-text index. */
export function spanishStemText(text: string): string {
  return spanishStems(words(text));
}

/**
 * Regular Spanish verb endings whose accent Snowball needs to strip them (preterite "-ió", imperfect
 * "-ía", future "-ará", conditional "-aría"…), as written without accents, and the infinitive
 * endings they come from.
 */
const ACCENTED_VERB_ENDINGS: readonly [RegExp, readonly string[]][] = [
  [/^(.{2,})(?:aria|arias|ariamos|arian)$/, ['ar']],
  [/^(.{2,})(?:eria|erias|eriamos|erian)$/, ['er']],
  [/^(.{2,})(?:iria|irias|iriamos|irian)$/, ['ir']],
  [/^(.{2,})(?:ara|aras|aran)$/, ['ar']],
  [/^(.{2,})(?:era|eras|eran)$/, ['er']],
  [/^(.{2,})(?:ira|iras|iran)$/, ['ir']],
  [/^(.{2,})(?:io|ia|ias|iamos|ian)$/, ['er', 'ir']],
];

/** The infinitives a folded Spanish verb form with such an ending may come from ("recibio" → "recibir"). */
export function spanishInfinitives(word: string): string[] {
  const out: string[] = [];
  for (const [ending, infinitives] of ACCENTED_VERB_ENDINGS) {
    const root = ending.exec(word)?.[1];
    if (root !== undefined) for (const i of infinitives) out.push(root + i);
  }
  return out;
}

/**
 * Words after which a folded Spanish word ending in "-o" is a verb in the first person, as visitors
 * ask ("¿cómo pospongo…?", "¿qué llevo?", "¿dónde lo pago?", "yo presento"): question words, object
 * pronouns, "yo" and "no". Not after a reflexive pronoun: "me presento" is "presentarse" (appear),
 * not "presentar" (file).
 */
const BEFORE_FIRST_PERSON = new Set([
  'como',
  'que',
  'donde',
  'adonde',
  'cuando',
  'cuanto',
  'cuanta',
  'cuantos',
  'cuantas',
  'quien',
  'cual',
  'yo',
  'no',
  'lo',
  'la',
  'los',
  'las',
  'le',
  'les',
]);

/**
 * The infinitives a Spanish verb in the first person present may come from, when the word before
 * it says it is one (see BEFORE_FIRST_PERSON): regular "-o" ("llevo" → "llevar", "llever",
 * "llevir"; only real infinitives will match anything), the "-go" and "-zco" forms ("pospongo" →
 * "posponer", "traigo" → "traer", "hago" → "hacer", "ofrezco" → "ofrecer") and the stem changes
 * "ie" → "e" and "ue" → "o" ("pierdo" → "perder", "vuelvo" → "volver"). Empty otherwise.
 */
export function spanishFirstPersonInfinitives(word: string, before: string | undefined): string[] {
  if (before === undefined || !BEFORE_FIRST_PERSON.has(before)) return [];
  const root = /^(.{2,})o$/.exec(word)?.[1];
  if (root === undefined) return [];
  const roots = new Set([root]);
  if (/[nl]g$/.test(root)) roots.add(root.slice(0, -1));
  if (/aig$/.test(root)) roots.add(root.slice(0, -2));
  if (/[aeiou]g$/.test(root)) roots.add(`${root.slice(0, -1)}c`);
  if (/zc$/.test(root)) roots.add(`${root.slice(0, -2)}c`);
  for (const r of [...roots]) {
    const unchanged = r.replace(/ie([^aeiou]+)$/, 'e$1').replace(/ue([^aeiou]+)$/, 'o$1');
    if (unchanged !== r) roots.add(unchanged);
  }
  return [...roots].flatMap((r) => [`${r}ar`, `${r}er`, `${r}ir`]);
}
