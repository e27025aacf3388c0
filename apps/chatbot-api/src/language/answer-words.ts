import { readDataFile } from './data-files.js';
import { words } from './words.js';

/*
 * Words the composer reads in the text it quotes (data/language/answer-words.json): the joiner that
 * ends a list item ("…65 years old, or"), the bare yes or no an FAQ answer may open with, the labels
 * an FAQ writes before its questions and answers ("Q1:", "A:"), the words that open a sentence
 * leaning on the one before it, those by which one points at what follows it, and the abbreviations
 * whose period ends no sentence.
 */
const raw = JSON.parse(readDataFile('answer-words.json')) as {
  joiners: { all: string[]; any: string[] };
  bareAnswers: string[];
  faqLabels: { question: string[]; answer: string[] };
  leaningOpeners: { en: string[]; es: string[] };
  forwardPointers: { en: string[]; es: string[] };
  abbreviations: string[];
  multiples: Record<string, string>;
};

const ALL = new Set(raw.joiners.all);
const JOINER = new RegExp(`[,;]?\\s+(${[...raw.joiners.all, ...raw.joiners.any].join('|')})$`, 'i');
const BARE_ANSWER = new RegExp(`^(?:${raw.bareAnswers.join('|')})\\s*[.,;!]`, 'i');

// A label is followed by a colon (numbered or not: "Q1:", "Question 3:"), or by a period when
// numbered ("Q7."): a bare "A." is a sentence of its own, which the composer already leaves out.
const QUESTION_LABEL = new RegExp(
  `^(?:${raw.faqLabels.question.join('|')})(?:\\s*\\d{1,3}\\s*[:.]|\\s*:)\\s+(?=[\\p{Lu}¿¡"“])`,
  'u',
);
const ANSWER_LABEL = new RegExp(`^(?:${raw.faqLabels.answer.join('|')})\\s*:\\s+(?=[\\p{Lu}¿¡"“\\d])`, 'u');

/** An FAQ question without its label: "Q1: Who is a qualified individual?" → "Who is…?". */
export function withoutQuestionLabel(text: string): string {
  return text.replace(QUESTION_LABEL, '');
}

/** An FAQ answer's paragraph without its label: "A: Yes, as long as…" → "Yes, as long as…". */
export function withoutAnswerLabel(text: string): string {
  return text.replace(ANSWER_LABEL, '');
}

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

const LEANING = new RegExp(`^(?:${[...raw.leaningOpeners.en, ...raw.leaningOpeners.es].join('|')})\\b`);
/** Enough of a sentence's opening to hold its longest leaning opener ("de lo contrario"). */
const OPENING_WORDS = 4;

/**
 * Whether a sentence leans on the one before it: a pronoun or a connective opens it ("It takes 6
 * months.", "However, …", "Sin embargo, …"), so it says more about the same thing.
 */
export function opensLeaning(sentence: string): boolean {
  return LEANING.test(words(sentence).slice(0, OPENING_WORDS).join(' '));
}

const POINTING = new RegExp(
  `\\b(?:${[...raw.forwardPointers.en, ...raw.forwardPointers.es].join('|')})\\b|\\bbelow$`,
);

/**
 * Whether a sentence points at what follows it ("…if any of the below relationships describes your
 * connection.", "The steps are as follows."): it is no answer without that.
 */
export function pointsAhead(sentence: string): boolean {
  return POINTING.test(words(sentence).join(' '));
}

/**
 * The abbreviations after which a period ends no sentence ("Dr", "e.g", "EE.UU"), as a regular
 * expression alternation of their escaped spellings (without the final period).
 */
export const NON_ENDING_ABBREVIATIONS = raw.abbreviations
  .map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');

const MULTIPLES = new Map(Object.entries(raw.multiples).map(([w, said]) => [w, words(said)]));

/** Words with each one-word count of times spelled out ("test at least twice" → "… two times"). */
export function withMultiplesSpelledOut(ws: readonly string[]): string[] {
  return ws.flatMap((w) => MULTIPLES.get(w) ?? [w]);
}
