import type { Intent } from './cues.js';
import { readDataFile } from './data-files.js';

/** Shapes of facts (data/language/fact-patterns.json): an amount, a time, an address, a phone number. */
export type FactIntent = 'amount' | 'time' | 'duration' | 'measure' | 'count' | 'place' | 'contact';
export const FACT_INTENTS: readonly FactIntent[] = [
  'amount',
  'time',
  'duration',
  'measure',
  'count',
  'place',
  'contact',
];

const PATTERNS = Object.fromEntries(
  Object.entries(JSON.parse(readDataFile('fact-patterns.json')) as Record<string, string[] | string>)
    .filter((e): e is [string, string[]] => Array.isArray(e[1]))
    .map(([k, v]) => [k, v.map((p) => new RegExp(p, 'iu'))]),
) as Record<FactIntent, RegExp[]>;

export function factIntentsOf(intents: readonly Intent[]): FactIntent[] {
  return FACT_INTENTS.filter((i) => intents.includes(i));
}

export function isFact(text: string, intents: readonly FactIntent[]): boolean {
  return intents.some((i) => PATTERNS[i].some((re) => re.test(text)));
}
