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
// Weights by feature kind: words, adjacent word pairs, character n-grams.
const KIND_WEIGHT = [1, 0.5, 0.25] as const;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// Hash states after the feature prefixes "w:", "b:", "c:": features are hashed as those strings
// would be, without building them (embedding is the hot loop of ingestion).
const WORD_SEED = fnvChars(FNV_OFFSET, 'w:');
const PAIR_SEED = fnvChars(FNV_OFFSET, 'b:');
const GRAM_SEED = fnvChars(FNV_OFFSET, 'c:');
const SPACE = 32;
const OPEN = 60; // "<"
const CLOSE = 62; // ">"

export function embedText(text: string, _inputType: InputType = 'search_document'): Float32Array {
  // Key: the feature's 32-bit hash times 4 plus its kind, so kinds never merge.
  const counts = new Map<number, number>();
  const add = (hash: number, kind: number) => {
    const key = (hash >>> 0) * 4 + kind;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const words = wordsOf(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const wordHash = fnvChars(WORD_SEED, w);
    add(wordHash, 0);
    const next = words[i + 1];
    if (next !== undefined) add(fnvChars(fnvStep(fnvChars(PAIR_SEED, w), SPACE), next), 1);
    // Character 3- and 4-grams of "<word>".
    const len = w.length + 2;
    const at = (k: number) => (k === 0 ? OPEN : k === len - 1 ? CLOSE : w.charCodeAt(k - 1));
    for (let n = 3; n <= 4; n++) {
      for (let j = 0; j + n <= len; j++) {
        let h = GRAM_SEED;
        for (let k = j; k < j + n; k++) h = fnvStep(h, at(k));
        add(h, 2);
      }
    }
  }
  const v = new Float32Array(EMBEDDING_DIMENSIONS);
  for (const [key, occurrences] of counts) {
    const h = Math.floor(key / 4);
    const sign = h & 0x80000000 ? -1 : 1;
    v[h % EMBEDDING_DIMENSIONS]! += sign * KIND_WEIGHT[key % 4]! * (1 + Math.log(occurrences));
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

/** dot(a, blobToVector(blob)) without copying the blob when it is 4-byte aligned (the usual case). */
export function dotBlob(a: Float32Array, blob: Buffer): number {
  const n = blob.byteLength >>> 2;
  const b =
    (blob.byteOffset & 3) === 0 ? new Float32Array(blob.buffer, blob.byteOffset, n) : blobToVector(blob);
  const len = Math.min(a.length, n);
  let s = 0;
  for (let i = 0; i < len; i++) s += a[i]! * b[i]!;
  return s;
}

function fnvStep(h: number, code: number): number {
  return Math.imul(h ^ code, FNV_PRIME);
}

/** FNV-1a (32-bit) over UTF-16 code units, continuing from state `h`. */
function fnvChars(h: number, s: string): number {
  let x = h;
  for (let i = 0; i < s.length; i++) x = fnvStep(x, s.charCodeAt(i));
  return x;
}

function fnv1a(s: string): number {
  return fnvChars(FNV_OFFSET, s) >>> 0;
}
