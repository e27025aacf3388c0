/**
 * Length in Unicode code points, the "characters" of the contract's limits: a client in any
 * language counts an emoji as one character, while JavaScript's `length` counts two UTF-16 units.
 * Counting stops once the count passes `stopAfter`, so checking a 100,000-character limit never
 * walks (or allocates for) a far longer string; the result is then `stopAfter + 1`.
 */
export function codePointLength(s: string, stopAfter = Number.POSITIVE_INFINITY): number {
  // Every code point takes one or two units, so these bounds settle most checks without a loop.
  if (s.length <= stopAfter) return countUpTo(s, s.length);
  if (s.length > 2 * stopAfter + 1) return stopAfter + 1;
  return countUpTo(s, stopAfter);
}

function countUpTo(s: string, stopAfter: number): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point; lone surrogates count as one.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > stopAfter) return count;
  }
  return count;
}

/** True when `s` holds more than `max` code points. */
export function exceedsChars(s: string, max: number): boolean {
  // Code points never outnumber code units: short strings need no count at all.
  return s.length > max && codePointLength(s, max) > max;
}
