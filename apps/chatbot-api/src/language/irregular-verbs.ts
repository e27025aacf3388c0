import { dataLines } from './data-files.js';

/*
 * English irregular verbs (data/language/irregular-verbs.en.tsv): "lost" and "lose" are one verb to
 * a visitor, but no stemmer joins them. Each form maps to every form of its verb.
 */
const FORMS = new Map<string, string[]>();
for (const line of dataLines('irregular-verbs.en.tsv')) {
  const [base, rest] = line.split('\t');
  if (!base || !rest) continue;
  const forms = [base, ...rest.split(',').map((f) => f.trim())].filter(
    (f, i, all) => f && all.indexOf(f) === i,
  );
  for (const f of forms) FORMS.set(f, [...new Set([...(FORMS.get(f) ?? []), ...forms])]);
}

/** The other forms of the irregular English verb a word is a form of ("lost" → "lose"); [] for others. */
export function verbForms(word: string): string[] {
  return (FORMS.get(word) ?? []).filter((f) => f !== word);
}
