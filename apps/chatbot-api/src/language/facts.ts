import type { Intent } from './cues.js';
import { readDataFile } from './data-files.js';

/** Shapes of facts (data/language/fact-patterns.json): an amount, a time, an address, a phone number. */
export const FACT_INTENTS = [
  'amount',
  'time',
  'duration',
  'measure',
  'count',
  'frequency',
  'place',
  'phone',
  'email',
  'contact',
] as const;
export type FactIntent = (typeof FACT_INTENTS)[number];

interface Pattern {
  /** The pattern as written (flags iu, or u for a pattern matched with case). */
  full: RegExp;
  /** The same for simple text (see SIMPLE_TEXT), or the full one when no simpler form is known. */
  simple: RegExp;
}

/** A pattern starting so is matched with case ("\p{Lu}" is then a capital letter only). */
const CASE_SENSITIVE = '(?-i)';

const RAW = JSON.parse(readDataFile('fact-patterns.json')) as Record<string, unknown>;
const PATTERNS = Object.fromEntries(
  Object.entries(RAW as Record<string, string[] | string>)
    .filter((e): e is [string, string[]] => Array.isArray(e[1]))
    .map(([k, v]) => [k, v.map(patternOf)]),
) as Record<FactIntent, Pattern[]>;

/**
 * Text whose letters and digits are all ASCII, its other characters punctuation, spaces, currency
 * or math signs (no case, no letter): most pages' sentences.
 */
const SIMPLE_TEXT = /^[\p{ASCII}\p{P}\p{Zs}\p{Sc}\p{Sm}]*$/u;

/**
 * A pattern's form for simple text, with flag i only: with flags iu, V8 tests \b against Unicode
 * case folding (where "ſ" and the Kelvin sign are word characters), ~10x slower. On simple text
 * both forms match the same: its letters are ASCII, so \p{Lu} (any case, under i) and \p{L} are
 * [A-Za-z], \w, \b and \s read the same characters, and no other character has a case. A pattern
 * with any other Unicode-only syntax, or a character folding to ASCII, keeps its full form.
 */
export function simpleForm(source: string, caseSensitive = false): RegExp | null {
  if (/[\u017f\u212a]/.test(source)) return null;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const rest = source.slice(i);
      const property = /^\\p\{(Lu|L)\}/.exec(rest);
      if (property) {
        const letters = caseSensitive && property[1] === 'Lu' ? 'A-Z' : 'A-Za-z';
        out += inClass ? letters : `[${letters}]`;
        i += property[0].length - 1;
        continue;
      }
      // \p{…} of another kind, \P{…}, \u{…} or \k<…>: leave the pattern as it is.
      if (/^\\(?:[pPk]|u\{)/.test(rest)) return null;
      out += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  try {
    return new RegExp(out, caseSensitive ? '' : 'i');
  } catch {
    return null;
  }
}

function patternOf(source: string): Pattern {
  const caseSensitive = source.startsWith(CASE_SENSITIVE);
  const body = caseSensitive ? source.slice(CASE_SENSITIVE.length) : source;
  const full = new RegExp(body, caseSensitive ? 'u' : 'iu');
  return { full, simple: simpleForm(body, caseSensitive) ?? full };
}

export function factIntentsOf(intents: readonly Intent[]): FactIntent[] {
  return FACT_INTENTS.filter((i) => intents.includes(i));
}

/** Whether a text is simple (see SIMPLE_TEXT): the simple forms of the patterns then apply. */
export function isSimpleText(text: string): boolean {
  return SIMPLE_TEXT.test(text);
}

export function isFact(text: string, intents: readonly FactIntent[]): boolean {
  const simple = SIMPLE_TEXT.test(text);
  return intents.some((i) => PATTERNS[i].some((p) => (simple ? p.simple : p.full).test(text)));
}

/** The patterns of an intent, each in both forms (tests). */
export function factPatterns(intent: FactIntent): readonly Pattern[] {
  return PATTERNS[intent];
}

const EXACT = Object.fromEntries(
  Object.entries((RAW.exact ?? {}) as Record<string, string[]>).map(([k, v]) => [k, v.map(patternOf)]),
) as Partial<Record<FactIntent, Pattern[]>>;

/**
 * The fact in its precise form: for "when", a day and month or a clock time rather than a bare
 * year; kinds without a looser form are as in isFact.
 */
export function isExactFact(text: string, intents: readonly FactIntent[]): boolean {
  const simple = SIMPLE_TEXT.test(text);
  return intents.some((i) => (EXACT[i] ?? PATTERNS[i]).some((p) => (simple ? p.simple : p.full).test(text)));
}
