// Text normalisation shared by the embedding, the FTS query builder and the relevance signal, so the
// three see the same words: lower case, accents folded (NFD then combining marks dropped), split on
// anything that is not a letter or digit.

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;

export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(NON_WORD)
    .filter((w) => w.length > 0);
}

// English and Spanish function words: they match nearly every chunk, so they add no signal to a
// query and make an OR query scan the whole index.
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do does did for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this to too was we were what ' +
    'when where which who whom why will with would you your yours about after before can should may ' +
    'al como con de del el en es esta este la las lo los mas me mi muy no o para pero por que se si sin ' +
    'su sus un una uno y yo'
  ).split(' '),
);

/** Content words of a query, folded, stopwords removed, deduplicated, in order. */
export function queryTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const w of wordsOf(text)) {
    if (!STOPWORDS.has(w) && !seen.has(w)) seen.add(w);
  }
  return [...seen];
}
