import { dataLines } from './data-files.js';
import { stem } from './stem.js';
import { isFunctionWord, words } from './words.js';

/*
 * The general Spanish→English glossary (data/language/glossary.es-en.tsv): everyday Spanish words
 * and expressions with their usual English equivalents, so a Spanish question can find an English
 * page ("¿cuánto cuesta?" → "cost", "contraseña" → "password"). Legal vocabulary is the lexicon's
 * (lay-legal.tsv); regular cognates are cognates.ts's.
 *
 * A question's words are looked up as written (the irregular forms an entry lists: "cuesta", "hizo"),
 * then by Spanish stem, so the regular forms of a verb or a plural meet their entry ("eliminan" →
 * "eliminar"). Expressions of several words are matched first, longest first, word by word the same way.
 */

export interface GlossaryMatch {
  /** Index of the first question word covered, and how many words. */
  start: number;
  length: number;
  /** English equivalents, most common first, as folded words. */
  english: string[][];
}

interface Entry {
  /** Each Spanish form as folded words. */
  forms: string[][];
  english: string[][];
}

function phrases(cell: string | undefined): string[][] {
  return (cell ?? '')
    .split(',')
    .map((p) => words(p))
    .filter((p) => p.length > 0);
}

const ENTRIES: Entry[] = dataLines('glossary.es-en.tsv').map((line) => {
  const [es, en] = line.split('\t');
  return { forms: phrases(es), english: phrases(en) };
});

const stemOf = (w: string) => stem(w, 'es');

/** A Spanish word's keys: as written, and its stem (a stem key starts with "~"). */
const keysOf = (w: string) => [w, `~${stemOf(w)}`];

/**
 * First word's key → [form, entry], longest form first. Forms index under their own words; a
 * form's words also index by stem, unless another entry lists that stem's word as written: "cuesta"
 * (costar) is not the noun "cuesta" (slope) for "cuestan", when the former lists it.
 */
const BY_FIRST = new Map<string, { form: string[]; entry: Entry }[]>();
const WRITTEN = new Set(ENTRIES.flatMap((e) => e.forms.map((f) => f.join(' '))));
for (const entry of ENTRIES) {
  for (const form of entry.forms) {
    for (const key of keysOf(form[0]!)) {
      const list = BY_FIRST.get(key) ?? [];
      if (!list.some((x) => x.entry === entry && x.form.length === form.length)) list.push({ form, entry });
      BY_FIRST.set(key, list);
    }
  }
}
for (const list of BY_FIRST.values()) list.sort((a, b) => b.form.length - a.form.length);

/** Whether a question word is the form's word: as written, or (unless listed as written elsewhere) by stem. */
function same(question: string, form: string): boolean {
  return question === form || (!WRITTEN.has(question) && stemOf(question) === stemOf(form));
}

/**
 * Glossary entries found in a Spanish question's folded words, longest first and without overlap.
 * Words in `skip` (already covered by the lexicon) are in no match; a function word starts none
 * ("para" is not a form of "parar"), though an expression may hold one ("fecha de nacimiento").
 */
export function findGlossaryPhrases(ws: readonly string[], skip: ReadonlySet<number>): GlossaryMatch[] {
  const out: GlossaryMatch[] = [];
  let i = 0;
  while (i < ws.length) {
    if (skip.has(i) || isFunctionWord(ws[i]!)) {
      i++;
      continue;
    }
    const w = ws[i]!;
    const candidates = WRITTEN.has(w)
      ? (BY_FIRST.get(w) ?? [])
      : keysOf(w).flatMap((k) => BY_FIRST.get(k) ?? []);
    let best: GlossaryMatch | null = null;
    for (const { form, entry } of candidates.sort((a, b) => b.form.length - a.form.length)) {
      if (best && form.length < best.length) break;
      if (i + form.length > ws.length) continue;
      if (!form.every((f, k) => !(k > 0 && skip.has(i + k)) && same(ws[i + k]!, f))) continue;
      if (!best) best = { start: i, length: form.length, english: [...entry.english] };
      else
        for (const e of entry.english)
          if (!best.english.some((b) => b.join(' ') === e.join(' '))) best.english.push(e);
    }
    if (best) {
      out.push(best);
      i += best.length;
    } else i++;
  }
  return out;
}
