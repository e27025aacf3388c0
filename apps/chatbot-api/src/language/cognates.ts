import { dataLines } from './data-files.js';

/*
 * English forms a Spanish word may have as a cognate (data/language/cognates.es-en.tsv): regular
 * endings only, so the candidates are few; the caller keeps those the index holds.
 */
const RULES = dataLines('cognates.es-en.tsv').map((line) => {
  const [es, en] = line.split('\t');
  return { es: es ?? '', en: en === '-' || en === undefined ? '' : en };
});

/** Candidate English cognates of a folded Spanish word, most specific rule first. */
export function englishCognates(word: string): string[] {
  const out: string[] = [];
  for (const { es, en } of RULES) {
    if (es !== '' && word.endsWith(es) && word.length - es.length >= 3) {
      const candidate = word.slice(0, -es.length) + en;
      if (candidate !== word && !out.includes(candidate)) out.push(candidate);
    }
  }
  return out;
}
