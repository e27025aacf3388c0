/** A phrase a table lists, as folded words, with whatever the table keeps for it. */
export interface PhraseCandidate {
  phrase: readonly string[];
}

export interface PhraseScanMatch<C> {
  /** Index of the first question word covered, and how many words. */
  start: number;
  length: number;
  /** Every candidate of that length found there, in the order given. */
  matched: C[];
}

/**
 * The phrases of a table found in a question's folded words, longest first and without overlap:
 * at each position, the candidates `at(i)` gives (longest first) are tried with `fits`; the longest
 * that fit win together and the scan goes on after them. Shared by the lexicon and the glossaries.
 */
export function scanPhrases<C extends PhraseCandidate>(
  ws: readonly string[],
  at: (i: number) => readonly C[],
  fits: (candidate: C, i: number) => boolean,
): PhraseScanMatch<C>[] {
  const out: PhraseScanMatch<C>[] = [];
  let i = 0;
  while (i < ws.length) {
    let best: PhraseScanMatch<C> | null = null;
    for (const c of at(i)) {
      if (best && c.phrase.length < best.length) break;
      if (i + c.phrase.length > ws.length || !fits(c, i)) continue;
      if (best) best.matched.push(c);
      else best = { start: i, length: c.phrase.length, matched: [c] };
    }
    if (best) {
      out.push(best);
      i += best.length;
    } else i++;
  }
  return out;
}
