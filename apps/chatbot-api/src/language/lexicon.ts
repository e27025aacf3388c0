import { dataLines } from './data-files.js';
import { scanPhrases } from './phrase-scan.js';
import { spanishFirstPersonInfinitives, spanishInfinitives } from './stem.js';
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

/** Folded first word → [phrase, group] entries starting with it, longest phrase first. */
const BY_FIRST_WORD = new Map<string, { phrase: string[]; group: LexiconGroup }[]>();
for (const group of GROUPS) {
  for (const phrase of [...group.en, ...group.es]) {
    const list = BY_FIRST_WORD.get(phrase[0]!) ?? [];
    list.push({ phrase, group });
    BY_FIRST_WORD.set(phrase[0]!, list);
  }
}
for (const list of BY_FIRST_WORD.values()) list.sort((a, b) => b.phrase.length - a.phrase.length);
/** Every word the table writes: such a word in a question is only ever itself. */
const WRITTEN = new Set(GROUPS.flatMap((g) => [...g.en, ...g.es].flat()));
/** Words the table writes as a phrase of their own. */
const ALONE = new Set(GROUPS.flatMap((g) => [...g.en, ...g.es]).flatMap((p) => (p.length === 1 ? p : [])));
/** Words the table writes only on its Spanish side ("multa", "juzgado"). */
const SPANISH_ONLY = new Set(GROUPS.flatMap((g) => g.es.flat()));
for (const w of GROUPS.flatMap((g) => g.en.flat())) SPANISH_ONLY.delete(w);

/**
 * Whether the table writes a folded word, or the singular of a regular plural, only as Spanish
 * ("multa", "exenciones": yes; "tribunal", "court": no).
 */
export function isSpanishLegalWord(word: string): boolean {
  return SPANISH_ONLY.has(word) || singulars(word, 'es').some((s) => SPANISH_ONLY.has(s));
}

/** Shortest plural the singular rules below read ("ices" → "iz" needs a stem of two letters). */
const MIN_PLURAL = 4;

/**
 * The singulars a plural may have by the regular rules: English "-s", "-es", "-ies" → "-y"; Spanish
 * "-s", "-es", "-ces" → "-z" ("teléfonos", "menores", "luces"). A plural the table does not write
 * ("teléfonos" where it writes "teléfono") stands for the singular it does.
 */
function singulars(w: string, language: Language | undefined): string[] {
  if (w.length < MIN_PLURAL || !w.endsWith('s')) return [];
  const out = [w.slice(0, -1)];
  if (w.endsWith('es')) out.push(w.slice(0, -2));
  if (language !== 'es' && w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
  if (language !== 'en' && w.endsWith('ces')) out.push(`${w.slice(0, -3)}z`);
  return out;
}

export interface LexiconMatch {
  /** Index of the first question word covered, and how many words. */
  start: number;
  length: number;
  groups: LexiconGroup[];
}

/**
 * Phrases of the lexicon found in a sequence of folded words, longest first and without overlap.
 * One phrase may belong to several groups ("support" is in "child support" and in "help").
 */
export function findLexiconPhrases(ws: readonly string[], language?: Language): LexiconMatch[] {
  // In a Spanish question, a verb form with an ending Snowball strips only with its accent
  // ("pagaría", "recibió", written without accents) stands for the infinitive the table writes.
  // So does a verb in the first person after a question word or a pronoun ("¿cómo pospongo…?").
  const lemmas = (i: number) => {
    const w = ws[i]!;
    // A word the table writes only inside a longer phrase ("menores" of "menores de edad") still
    // stands for its singular when alone.
    const singular = ALONE.has(w) ? [] : singulars(w, language).filter((s) => WRITTEN.has(s));
    if (language !== 'es' || WRITTEN.has(w)) return singular;
    return [...singular, ...spanishInfinitives(w), ...spanishFirstPersonInfinitives(w, ws[i - 1])];
  };
  return scanPhrases(
    ws,
    (i) =>
      [...(BY_FIRST_WORD.get(ws[i]!) ?? []), ...lemmas(i).flatMap((l) => BY_FIRST_WORD.get(l) ?? [])].sort(
        (a, b) => b.phrase.length - a.phrase.length,
      ),
    (c, i) => c.phrase.every((w, k) => ws[i + k] === w || lemmas(i + k).includes(w)),
  ).map((m) => ({ start: m.start, length: m.length, groups: [...new Set(m.matched.map((c) => c.group))] }));
}
