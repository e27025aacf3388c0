import type { ConceptSearchResult } from '../knowledge/concept-search.js';
import { stemForms } from '../knowledge/concept-weights.js';
import { withMultiplesSpelledOut } from '../language/answer-words.js';
import { countedWords } from '../language/cues.js';
import { type FactIntent, isFact } from '../language/facts.js';
import { contentWords, words } from '../language/words.js';

/*
 * How a question's words meet a heading or a sentence, for choosing the section that answers
 * (answer-sections.ts): the concepts a question names in its own words, how much of a heading the
 * question names, and whether a text gives the number a "how many" question asks for.
 */

/** The question's concepts whose own words (not an equivalent) are among `ws`, compared by stem. */
export function conceptsOfWords(search: ConceptSearchResult, ws: readonly string[]) {
  const stems = ws.map((w) => stemForms([w]).en);
  return search.matching.filter((c) =>
    c.alternatives.some((a) => a.weight === 1 && a.words.some((w) => stems.includes(stemForms([w]).en))),
  );
}

/**
 * The share of a heading's own content words that the question names (by any of its concepts'
 * words, compared by stem): "What is DAWSON?" is wholly about "what is dawson"; "What digital
 * signatures are accepted in DAWSON?" only a quarter, though both hold all the question asks.
 */
export function headingPrecision(search: ConceptSearchResult): (heading: string) => number {
  const phrases = search.matching
    .flatMap((c) => c.alternatives.map((a) => a.words))
    .map((ws) => ({ en: ws.map((w) => stemForms([w]).en), es: ws.map((w) => stemForms([w]).es) }));
  return (heading) => {
    const all = words(heading);
    const content = new Set(contentWords(heading));
    if (content.size === 0) return 0;
    // Each word of the heading inside one of the question's phrases ("show up"), by stem.
    const stems = { en: all.map((w) => stemForms([w]).en), es: all.map((w) => stemForms([w]).es) };
    const named = new Set<number>();
    for (const p of phrases) {
      for (let i = 0; i + p.en.length <= all.length; i++) {
        const at = (lang: 'en' | 'es') => p[lang].every((x, k) => stems[lang][i + k] === x);
        if (at('en') || at('es')) for (let k = 0; k < p.en.length; k++) named.add(i + k);
      }
    }
    const own = all.map((w, i) => ({ w, i })).filter((x) => content.has(x.w));
    return own.filter((x) => named.has(x.i)).length / own.length;
  };
}

/** Words after a number that may still name what it counts ("three more people", "20 working-day"). */
const COUNTED_WITHIN = 2;

/**
 * Whether a text gives the number the question asks for, of the thing it asks about: a number
 * followed, within a few words, by a word of the counted thing's concepts ("find three people",
 * "110 words or fewer" for "how many people / words"), or by the word the question is framed with
 * ("65 years old" for "how old"). Never, for a question that asks for no fact.
 */
export function numberOfAsked(
  search: ConceptSearchResult,
  question: string,
  facts: readonly FactIntent[],
): (text: string) => boolean {
  // A span of time ("how many days do I have") is a duration, read as one.
  const counted = facts.includes('count') && !facts.includes('duration') ? countedWords(question) : [];
  const concepts = [
    ...(facts.length > 0 ? search.matching.filter((c) => c.key.startsWith('frame:')) : []),
    ...conceptsOfWords(search, counted),
  ];
  const forms = concepts.flatMap((c) =>
    c.alternatives.filter((a) => a.words.length === 1).map((a) => stemForms(a.words)),
  );
  if (forms.length === 0) return () => false;
  return (text) => {
    if (!isFact(text, ['count'])) return false;
    const ws = withMultiplesSpelledOut(words(text));
    return ws.some(
      (w, i) =>
        isFact(w, ['count']) &&
        ws.slice(i + 1, i + 1 + COUNTED_WITHIN).some((next) => {
          const f = stemForms([next]);
          return forms.some((x) => x.en === f.en || x.es === f.es);
        }),
    );
  };
}
