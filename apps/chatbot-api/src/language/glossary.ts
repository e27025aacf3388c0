import { dataLines } from './data-files.js';
import { scanPhrases } from './phrase-scan.js';
import { spanishInfinitives, stem } from './stem.js';
import { isFunctionWord, type Language, words } from './words.js';

/*
 * Tables of equivalents for everyday words, matched in a question's words:
 * - the general Spanish→English glossary (data/language/glossary.es-en.tsv): everyday Spanish words
 *   and expressions with their usual English equivalents, so a Spanish question can find an English
 *   page ("¿cuánto cuesta?" → "cost", "contraseña" → "password");
 * - plain English words and the formal words agencies write for them (data/language/plain-words.en.tsv,
 *   reversed from the Federal Plain Language Guidelines): "buy" → "purchase", "live" → "reside";
 * - everyday English words and the other words pages use for them (data/language/everyday.en.tsv):
 *   "kids" → "children", "cellphone" → "mobile phone".
 * Legal vocabulary is the lexicon's (lay-legal.tsv); regular cognates are cognates.ts's.
 *
 * A question's words are looked up as written (the irregular forms an entry lists: "cuesta", "hizo"),
 * then by stem, so the regular forms of a verb or a plural meet their entry ("eliminan" → "eliminar").
 * Expressions of several words are matched first, longest first, word by word the same way.
 */

export interface GlossaryMatch {
  /** Index of the first question word covered, and how many words. */
  start: number;
  length: number;
  /** Equivalents, most common first, as folded words. */
  english: string[][];
}

interface Entry {
  /** Each form the question may use (Spanish, or plain English), as folded words. */
  forms: string[][];
  /** Its English equivalents. */
  english: string[][];
}

function phrases(cell: string | undefined): string[][] {
  return (cell ?? '')
    .split(',')
    .map((p) => words(p))
    .filter((p) => p.length > 0);
}

/** Finds a table's entries in a question's folded words (see phraseTable). */
type Finder = (ws: readonly string[], skip: ReadonlySet<number>) => GlossaryMatch[];

/**
 * The table of a data file (forms, a tab, equivalents), its forms in `language`. Its finder returns
 * the entries found in a question's folded words, longest first and without overlap. Words in `skip`
 * (already covered by the lexicon) are in no match; a function word starts none ("para" is not a
 * form of "parar"), though an expression may hold one ("fecha de nacimiento").
 */
function phraseTable(files: readonly string[], language: Language): Finder {
  const stemOf = (w: string) => stem(w, language);
  const entries: Entry[] = files.flatMap(dataLines).map((line) => {
    const [from, to] = line.split('\t');
    const forms = phrases(from);
    return { forms: language === 'es' ? withFirstPerson(forms, stemOf) : forms, english: phrases(to) };
  });
  /** A word's keys: as written, and its stem (a stem key starts with "~"). */
  const keysOf = (w: string) => [w, `~${stemOf(w)}`];
  // First word's key → [phrase, entry], longest first. A question word that some entry lists as
  // written matches only as written: "cuesta" (costar) is not the noun "cuesta" (slope).
  const byFirst = new Map<string, { phrase: string[]; stems: string; entry: Entry }[]>();
  const written = new Set(entries.flatMap((e) => e.forms.map((f) => f.join(' '))));
  for (const entry of entries) {
    for (const phrase of entry.forms) {
      for (const key of keysOf(phrase[0]!)) {
        const list = byFirst.get(key) ?? [];
        // Two forms of one entry that stem alike ("ticket", "tickets") need one place in a list;
        // "foster mom" and "foster dad" each need theirs.
        const stems = phrase.map(stemOf).join(' ');
        if (!list.some((x) => x.entry === entry && x.stems === stems)) list.push({ phrase, stems, entry });
        byFirst.set(key, list);
      }
    }
  }
  const longestFirst = (a: { phrase: string[] }, b: { phrase: string[] }) =>
    b.phrase.length - a.phrase.length;
  for (const list of byFirst.values()) list.sort(longestFirst);
  // A Spanish verb form whose ending Snowball only strips with its accent ("recibió", "vivía",
  // "pagaría", "pagará", written without accents as visitors often do) is looked up by the
  // infinitives it may come from, when nothing matches it as written or by stem.
  const lemmasOf = (w: string) => (language === 'es' && !written.has(w) ? spanishInfinitives(w) : []);
  const same = (question: string, form: string) =>
    question === form ||
    (!written.has(question) && stemOf(question) === stemOf(form)) ||
    lemmasOf(question).includes(form);
  const at = (w: string) => {
    if (written.has(w)) return byFirst.get(w) ?? [];
    const found = keysOf(w).flatMap((k) => byFirst.get(k) ?? []);
    if (found.length === 0) for (const lemma of lemmasOf(w)) found.push(...(byFirst.get(lemma) ?? []));
    return found.sort(longestFirst);
  };

  return (ws, skip) =>
    scanPhrases(
      ws,
      (i) => (skip.has(i) || isFunctionWord(ws[i]!) ? [] : at(ws[i]!)),
      (c, i) => c.phrase.every((f, k) => !(k > 0 && skip.has(i + k)) && same(ws[i + k]!, f)),
    ).map((m) => {
      const english: string[][] = [];
      for (const e of m.matched.flatMap((c) => c.entry.english))
        if (!english.some((b) => b.join(' ') === e.join(' '))) english.push(e);
      return { start: m.start, length: m.length, english };
    });
}

/**
 * A Spanish verb whose stem changes ("perder, pierde" → "pierdo", "volver, vuelve" → "vuelvo"): its
 * entry lists the third person, whose first person ends in -o instead; a visitor mostly writes that
 * one ("lo pierdo si…"). Regular forms need nothing: they share the infinitive's stem.
 */
function withFirstPerson(forms: string[][], stemOf: (w: string) => string): string[][] {
  const infinitive = forms[0];
  if (infinitive?.length !== 1 || !/(?:ar|er|ir)$/.test(infinitive[0]!)) return forms;
  const out = [...forms];
  for (const f of forms.slice(1)) {
    const w = f[0]!;
    if (f.length !== 1 || !/[ae]$/.test(w) || stemOf(w) === stemOf(infinitive[0]!)) continue;
    const first = `${w.slice(0, -1)}o`;
    if (!out.some((o) => o.length === 1 && o[0] === first)) out.push([first]);
  }
  return out;
}

/** Everyday Spanish words and expressions of a Spanish question, with their English equivalents. */
export const findGlossaryPhrases: Finder = phraseTable(['glossary.es-en.tsv'], 'es');

/**
 * Plain and everyday English words of an English question, with the formal words agencies write for
 * them and the other ways pages say the same thing ("kids" → "children").
 */
export const findPlainPhrases: Finder = phraseTable(['plain-words.en.tsv', 'everyday.en.tsv'], 'en');
