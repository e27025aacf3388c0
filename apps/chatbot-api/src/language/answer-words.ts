import { readDataFile } from './data-files.js';

/*
 * Words the composer reads in the text it quotes (data/language/answer-words.json): the joiner that
 * ends a list item ("…65 years old, or") and the bare yes or no an FAQ answer may open with.
 */
const raw = JSON.parse(readDataFile('answer-words.json')) as {
  joiners: { all: string[]; any: string[] };
  bareAnswers: string[];
};

const ALL = new Set(raw.joiners.all);
const JOINER = new RegExp(`[,;]?\\s+(${[...raw.joiners.all, ...raw.joiners.any].join('|')})$`, 'i');
const BARE_ANSWER = new RegExp(`^(?:${raw.bareAnswers.join('|')})\\s*[.,;!]`, 'i');

/** The joining word a list item ends with, in lower case ("and", "or", "y", "o"), or null. */
export function joinerOf(text: string): string | null {
  return JOINER.exec(text.trim())?.[1]?.toLowerCase() ?? null;
}

/** Whether a joiner says every item must hold ("and"), not that one is enough ("or"). */
export function joinsAll(joiner: string | null): boolean {
  return joiner !== null && ALL.has(joiner);
}

/** A list item without the word that joined it to the next one: "…65 years old". */
export function withoutJoiner(text: string): string {
  return text.trim().replace(JOINER, '');
}

/** Whether a text opens with a bare yes or no ("No. You can still file today."). */
export function opensWithBareAnswer(text: string): boolean {
  return BARE_ANSWER.test(text.trim());
}
