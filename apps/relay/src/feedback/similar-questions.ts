/**
 * Groups questions that say nearly the same thing, with no word lists: each text becomes the set of
 * its normalised words (lower case, accents removed, words of three or more letters or any number),
 * and a text joins the group whose word set overlaps it most by Jaccard similarity
 * (|A ∩ B| / |A ∪ B|) when that overlap reaches the threshold. Greedy and in one pass, which is
 * plenty for the few thousand questions a court's page shows.
 */

export interface SimilarGroup<T> {
  /** The words every text of the group was compared against (those of its first text). */
  words: ReadonlySet<string>;
  items: T[];
}

const MIN_WORD = 3;

/** The normalised word set of a text: "Where do I PAY my ticket?" → {where, pay, ticket}. */
export function wordSet(text: string): Set<string> {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= MIN_WORD || /^\p{N}+$/u.test(w));
  return new Set(words);
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

export function groupBySimilarity<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  threshold = 0.5,
): SimilarGroup<T>[] {
  const groups: SimilarGroup<T>[] = [];
  for (const item of items) {
    const words = wordSet(textOf(item));
    let best: SimilarGroup<T> | undefined;
    let bestScore = threshold;
    for (const group of groups) {
      const score = jaccard(words, group.words);
      if (score >= bestScore) {
        best = group;
        bestScore = score;
      }
    }
    if (best) best.items.push(item);
    else groups.push({ words, items: [item] });
  }
  return groups;
}
