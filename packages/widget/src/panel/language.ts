import { en, es } from './function-words.json';

// The language of one message, for its `lang` attribute (WCAG 3.1.2) and the labels around it. A count of
// very common function words, which every sentence has and which no site chooses: general, and tiny.
// `¿` and `¡` are Spanish-only punctuation. Tied or no evidence: null (the caller keeps the widget's).

const EN = new Set(en.split(' '));
const ES = new Set(es.split(' '));

export function detectLang(text: string): 'en' | 'es' | null {
  let score = (text.match(/[¿¡]/g)?.length ?? 0) * 2;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) score += +ES.has(word) - +EN.has(word);
  return score > 0 ? 'es' : score < 0 ? 'en' : null;
}
