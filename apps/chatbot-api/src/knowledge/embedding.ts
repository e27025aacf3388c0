import { wordsOf } from './text-fold.js';

export const EMBEDDING_DIMENSIONS = 1024;
export type InputType = 'search_document' | 'search_query';

/*
 * Method: signed feature hashing ("hashing trick") of lexical features, fully offline and
 * deterministic.
 *   1. Fold the text (lower case, accents removed) and split it into words.
 *   2. Features: every word (weight 1), every pair of adjacent words (0.5), and the character
 *      3- and 4-grams of each word padded with boundary marks, e.g. "<pa", "pay", "ay>" (0.25 each
 *      n-gram). Character n-grams make "paying" close to "pay" and absorb typos.
 *   3. Each feature is hashed with FNV-1a (32-bit); the hash picks one of 1024 dimensions and a
 *      second bit of the hash picks the sign, so collisions cancel out on average instead of
 *      piling up.
 *   4. Term frequency is damped (each feature's total weight is 1 + ln(count)) so a long chunk
 *      repeating a word does not drown the others; the vector is then L2-normalised, so the dot
 *      product of two vectors is their cosine similarity.
 * The same function serves `search_document` and `search_query` (the method is symmetric; the
 * input type is accepted for API compatibility) and the retrieval index, so /v1/embeddings vectors
 * are exactly the ones search uses.
 */
const FEATURE_WEIGHT: Record<string, number> = { w: 1, b: 0.5, c: 0.25 };

export function embedText(text: string, _inputType: InputType = 'search_document'): Float32Array {
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const words = wordsOf(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(`w:${w}`);
    const next = words[i + 1];
    if (next !== undefined) add(`b:${w} ${next}`);
    const padded = `<${w}>`;
    for (const n of [3, 4]) {
      for (let j = 0; j + n <= padded.length; j++) add(`c:${padded.slice(j, j + n)}`);
    }
  }
  const v = new Float32Array(EMBEDDING_DIMENSIONS);
  for (const [feature, occurrences] of counts) {
    const h = fnv1a(feature);
    const sign = h & 0x80000000 ? -1 : 1;
    const base = FEATURE_WEIGHT[feature.charAt(0)] ?? 0.25;
    v[h % EMBEDDING_DIMENSIONS]! += sign * base * (1 + Math.log(occurrences));
  }
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (norm === 0) {
    // Text with no letters or digits still needs a valid unit vector.
    v[fnv1a(text) % EMBEDDING_DIMENSIONS] = 1;
    return v;
  }
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i]! *= inv;
  return v;
}

/** Cosine similarity of two L2-normalised vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export function vectorToBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

export function blobToVector(blob: Buffer): Float32Array {
  // Copy: the Buffer may be a view into a pooled slab with an unaligned offset.
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
