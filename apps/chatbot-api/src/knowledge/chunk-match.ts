import { stem } from '../language/stem.js';
import { joinNegations, words } from '../language/words.js';
import type { WeightedAlternative, WeightedConcept } from './concept-weights.js';

/*
 * How one chunk matches a question's weighted concepts: coverage (the share of the concepts it holds,
 * which decides whether the question is answered) and BM25F-style relevance (which ranks).
 */

const BM25_K1 = 1.2;
const BM25_B = 0.75;
const TITLE_FIELD = 1;
const HEADING_FIELD = 1.5;

/** How a passage matched, for abstention and for staff ("why this answer"). */
export interface ConceptMatch {
  /** Weighted share of all concepts the chunk (text, title or headings) holds, in [0, 1]. */
  coverage: number;
  /** The same over the question's own concepts (not those carried over from a previous turn). */
  ownCoverage: number;
  /** Weighted share of concepts found in the title or heading path. */
  fieldShare: number;
  /** Weighted share of concepts found in the page title: how much the whole page is about them. */
  titleShare: number;
  /** Keys of the concepts matched. */
  matched: string[];
  /** Keys of the concepts missing. */
  missing: string[];
  /** Keys of the matched concepts held only through a less sure equivalent (a WordNet synonym). */
  loose: string[];
  /** The coverage of the concepts held surely (not through a loose equivalent only). */
  sureCoverage: number;
  score: number;
}

/**
 * A field as stem strings: " stem _ _ stem " (see fieldsOf). The strings are built on first use:
 * matching reads the stemmed words and their positions, which hold the same information.
 */
export interface Field {
  en: string;
  es: string;
  /** The words that were stemmed: their positions and English and Spanish stems. */
  stems?: StemmedWords;
}

interface StemmedWords {
  words: number;
  at: number[];
  en: string[];
  es: string[];
}

class StemmedField implements Field {
  private enText: string | undefined;
  private esText: string | undefined;
  constructor(readonly stems: StemmedWords) {}
  get en(): string {
    this.enText ??= stemString(this.stems, this.stems.en);
    return this.enText;
  }
  get es(): string {
    this.esText ??= stemString(this.stems, this.stems.es);
    return this.esText;
  }
}

function stemString(s: StemmedWords, stems: readonly string[]): string {
  const parts = new Array<string>(s.words).fill('_');
  for (let j = 0; j < s.at.length; j++) parts[s.at[j]!] = stems[j]!;
  return ` ${parts.join(' ')} `;
}

export interface Fields {
  words: number;
  title: Field;
  headings: Field;
  body: Field;
}

/**
 * A chunk's fields as stem strings. Only words that could be one of the alternatives are stemmed
 * (stems keep a word's first two letters): the rest become "_", which matches nothing, so a
 * 350-word chunk costs a few stemmer calls instead of 700.
 */
export function fieldsOf(
  title: string,
  headings: readonly string[],
  text: string,
  prefixes: ReadonlySet<string>,
): Fields {
  return fieldReader(prefixes)(title, headings, text);
}

/** Reads the fields of many chunks for one question (see fieldsOf): each word is stemmed once. */
export function fieldReader(
  prefixes: ReadonlySet<string>,
): (title: string, headings: readonly string[], text: string) => Fields {
  // A word's first two letters as one number (its UTF-16 units, as `w.slice(0, 2)` takes them),
  // so the check allocates nothing; a one-letter prefix is negative so the two never meet.
  const codes = new Set<number>();
  for (const p of prefixes) if (p.length > 0) codes.add(prefixCode(p));
  const ascii = asciiPrefixes(codes);
  const memo = new Map<string, { en: string; es: string }>();
  const read = (text: string): StemmedField => {
    const s = joinNegations(text);
    const out: StemmedWords = { words: 0, at: [], en: [], es: [] };
    const add = (w: string, position: number) => {
      let st = memo.get(w);
      if (!st) {
        st = { en: stem(w, 'en'), es: stem(w, 'es') };
        memo.set(w, st);
      }
      out.at.push(position);
      out.en.push(st.en);
      out.es.push(st.es);
    };
    if (PRINTABLE_ASCII.test(s)) out.words = scanAscii(s.toLowerCase(), ascii, add);
    else {
      const ws = words(s);
      for (let i = 0; i < ws.length; i++) if (codes.has(prefixCode(ws[i]!))) add(ws[i]!, i);
      out.words = ws.length;
    }
    return new StemmedField(out);
  };
  return (title, headings, text) => {
    const body = read(text);
    return { words: body.stems.words, title: read(title), headings: read(headings.join(' ')), body };
  };
}

function prefixCode(w: string): number {
  return w.length >= 2 ? w.charCodeAt(0) * 0x10000 + w.charCodeAt(1) : -1 - w.charCodeAt(0);
}

const PRINTABLE_ASCII = /^[\t\n\r -~]*$/;
/** Printable ASCII by kind: letters and digits (lower case), "'", anything else. */
const WORD_CHAR = 1;
const APOSTROPHE = 2;
const CHAR_KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  CHAR_KIND[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ? WORD_CHAR : c === 39 ? APOSTROPHE : 0;
}

/** Prefix codes of ASCII letters and digits as tables: an array look-up per word. */
interface AsciiPrefixes {
  /** By first * 128 + second character. */
  pairs: Uint8Array;
  /** One-letter words, by character. */
  singles: Uint8Array;
}

function asciiPrefixes(codes: ReadonlySet<number>): AsciiPrefixes {
  const pairs = new Uint8Array(128 * 128);
  const singles = new Uint8Array(128);
  for (const code of codes) {
    if (code < 0) {
      if (-1 - code < 128) singles[-1 - code] = 1;
    } else if (code >>> 16 < 128 && (code & 0xffff) < 128) pairs[(code >>> 16) * 128 + (code & 0xffff)] = 1;
  }
  return { pairs, singles };
}

/**
 * words() of lower-cased printable ASCII text, without building the words whose prefix code is
 * not in the table: such text has nothing to fold, its letters and digits are [a-z0-9], and its only
 * apostrophe, "'", is dropped (so it joins the letters around it). Calls `add` with each word kept
 * and its position; returns the number of words.
 */
function scanAscii(
  lower: string,
  { pairs, singles }: AsciiPrefixes,
  add: (word: string, position: number) => void,
): number {
  let n = 0;
  let i = 0;
  const len = lower.length;
  while (i < len) {
    if (CHAR_KIND[lower.charCodeAt(i)] !== WORD_CHAR) {
      i++;
      continue;
    }
    const start = i;
    let second = -1;
    let apostrophe = false;
    for (i++; i < len; i++) {
      const kind = CHAR_KIND[lower.charCodeAt(i)];
      if (kind === WORD_CHAR) {
        if (second < 0) second = lower.charCodeAt(i);
      } else if (kind === APOSTROPHE) apostrophe = true;
      else break;
    }
    const first = lower.charCodeAt(start);
    if (second < 0 ? singles[first] : pairs[first * 128 + second]) {
      const w = lower.slice(start, i);
      add(apostrophe ? w.replace(/'/g, '') : w, n);
    }
    n++;
  }
  return n;
}

function holds(field: Field, a: WeightedAlternative): boolean {
  return occurrences(field, a, true) > 0;
}

/**
 * Occurrences of an alternative in a field (the larger of the English and Spanish stem counts):
 * how often " stem stem " occurs in the stem strings, searched left to right without overlap.
 * `any` stops at the first.
 */
function occurrences(field: Field, a: WeightedAlternative, any = false): number {
  const forms = field.stems ? stemsOf(a) : null;
  if (field.stems && forms) {
    const en = countStems(field.stems, field.stems.en, forms.en);
    if (any && en > 0) return en;
    return Math.max(en, countStems(field.stems, field.stems.es, forms.es));
  }
  const count = (hay: string, needle: string) => {
    let n = 0;
    for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length - 1)) n++;
    return n;
  };
  return Math.max(count(field.en, a.en), count(field.es, a.es));
}

/** Runs of stemmed words at consecutive positions equal to `needle`, left to right, not overlapping. */
function countStems(s: StemmedWords, stems: readonly string[], needle: readonly string[]): number {
  let n = 0;
  const k = needle.length;
  for (let j = 0; j + k <= s.at.length; ) {
    let m = 0;
    while (m < k && stems[j + m] === needle[m] && s.at[j + m] === s.at[j]! + m) m++;
    if (m === k) {
      n++;
      j += k;
    } else j++;
  }
  return n;
}

const alternativeStems = new WeakMap<WeightedAlternative, { en: string[]; es: string[] } | null>();

/**
 * An alternative's " stem stem " forms as lists of stems, or null when they are not plain
 * space-separated stems (then only the strings can say where they occur).
 */
function stemsOf(a: WeightedAlternative): { en: string[]; es: string[] } | null {
  let forms = alternativeStems.get(a);
  if (forms === undefined) {
    const split = (form: string) => {
      if (form.length < 3 || !form.startsWith(' ') || !form.endsWith(' ')) return null;
      const parts = form.slice(1, -1).split(' ');
      return parts.every((p) => p !== '' && p !== '_') ? parts : null;
    };
    const en = split(a.en);
    const es = split(a.es);
    forms = en && es ? { en, es } : null;
    alternativeStems.set(a, forms);
  }
  return forms;
}

/**
 * BM25F-like relevance of a chunk: each concept's best alternative, its term frequency in the text
 * saturated and normalised by the chunk's length (BM25's k1 and b), plus the title and heading
 * fields, weighted by the concept's idf; divided by the total weight. Long chunks that mention
 * everything once (a statute) no longer beat the short section about the question.
 */
export function relevanceOf(
  fields: Fields,
  concepts: readonly WeightedConcept[],
  lengthRatio: number,
  floor: number,
): number {
  return matchAndRelevance(fields, concepts, lengthRatio, floor).relevance;
}

export function matchOf(fields: Fields, concepts: readonly WeightedConcept[]): Omit<ConceptMatch, 'score'> {
  return matchAndRelevance(fields, concepts, 1, 1).match;
}

/**
 * matchOf and relevanceOf of a chunk in one pass: each alternative is looked for once per field
 * (the body's occurrence count also says whether the body holds it).
 */
export function matchAndRelevance(
  fields: Fields,
  concepts: readonly WeightedConcept[],
  lengthRatio: number,
  floor: number,
): { match: Omit<ConceptMatch, 'score'>; relevance: number } {
  // Relevance.
  let relTotal = 0;
  let sum = 0;
  const norm = BM25_K1 * (1 - BM25_B + BM25_B * lengthRatio);
  // Match.
  let total = 0;
  let got = 0;
  let gotSure = 0;
  let ownTotal = 0;
  let ownGot = 0;
  let inFields = 0;
  let inTitle = 0;
  const matched: string[] = [];
  const missing: string[] = [];
  const loose: string[] = [];
  for (const c of concepts) {
    let best = 0;
    let body = 0;
    let field = 0;
    let title = 0;
    let sure = false;
    for (const a of c.alternatives) {
      const tf = occurrences(fields.body, a);
      const inTitleField = holds(fields.title, a);
      const inHeadings = holds(fields.headings, a);
      const bodyScore = tf === 0 ? 0 : (tf * (BM25_K1 + 1)) / (tf + norm);
      const fieldScore = (inTitleField ? TITLE_FIELD : 0) + (inHeadings ? HEADING_FIELD : 0);
      best = Math.max(best, a.weight * (bodyScore + fieldScore));
      if (tf > 0) body = Math.max(body, a.weight);
      if (inTitleField) title = Math.max(title, a.weight);
      if (inTitleField || inHeadings) field = Math.max(field, a.weight);
      if (a.sure && (tf > 0 || inTitleField || inHeadings)) sure = true;
    }
    relTotal += c.weight;
    sum += c.weight * best;
    const m = Math.max(body, field);
    total += c.weight;
    got += c.weight * m;
    if (sure) gotSure += c.weight * m;
    inFields += c.weight * field;
    inTitle += c.weight * title;
    if (c.boost >= 1) {
      ownTotal += c.weight;
      ownGot += c.weight * m;
    }
    (m > 0 ? matched : missing).push(c.key);
    if (m > 0 && !sure) loose.push(c.key);
  }
  return {
    relevance: sum / Math.max(relTotal, floor),
    match: {
      coverage: total > 0 ? got / total : 0,
      ownCoverage: ownTotal > 0 ? ownGot / ownTotal : total > 0 ? got / total : 0,
      fieldShare: total > 0 ? inFields / total : 0,
      titleShare: total > 0 ? inTitle / total : 0,
      matched,
      missing,
      loose,
      sureCoverage: total > 0 ? gotSure / total : 0,
    },
  };
}
