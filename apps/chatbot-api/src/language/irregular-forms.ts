import { dataLines } from './data-files.js';

/*
 * English irregular verbs and plurals (data/language/irregular-verbs.en.tsv, irregular-nouns.en.tsv):
 * "lost" and "lose", "children" and "child" are one word to a visitor, but no stemmer joins them.
 * Each form maps to every form of its word.
 */
const FORMS = new Map<string, string[]>();
for (const line of [...dataLines('irregular-verbs.en.tsv'), ...dataLines('irregular-nouns.en.tsv')]) {
  const [base, rest] = line.split('\t');
  if (!base || !rest) continue;
  const forms = [base, ...rest.split(',').map((f) => f.trim())].filter(
    (f, i, all) => f && all.indexOf(f) === i,
  );
  for (const f of forms) FORMS.set(f, [...new Set([...(FORMS.get(f) ?? []), ...forms])]);
}

/** The other forms of the irregular English word a word is a form of ("lost" → "lose", "wives" → "wife"). */
export function irregularForms(word: string): string[] {
  return (FORMS.get(word) ?? []).filter((f) => f !== word);
}
