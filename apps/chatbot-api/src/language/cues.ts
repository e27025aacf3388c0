import { readDataFile } from './data-files.js';
import { FACT_INTENTS, type FactIntent } from './facts.js';
import { contentWords, words } from './words.js';

/*
 * What kind of answer a question asks for (data/language/question-cues.json): an amount, a time, a
 * place, a contact, a list, steps, yes or no, a definition, or advice that nobody here may give.
 */

/** A kind of fact (see facts.ts), or another kind of answer. */
export type Intent = FactIntent | 'advice' | 'list' | 'steps' | 'reason' | 'yesno' | 'definition';

const raw = JSON.parse(readDataFile('question-cues.json')) as {
  cues: Record<Intent, string[]>;
  hints: Partial<Record<Intent, string>>;
  frames: string[];
  openers: Record<string, string[]>;
  run_on: string[];
  asked: string[];
  negators: string[];
  particles: string[];
};
const CUES = Object.entries(raw.cues).map(([intent, patterns]) => ({
  intent: intent as Intent,
  patterns: patterns.map((p) => new RegExp(p)),
}));

const FRAMES = raw.frames.map((p) => new RegExp(p, 'g'));
const ASKED = raw.asked.map((p) => new RegExp(p));
/** Words that name a kind of fact ("number", "fee", "address"): the fact intents read those. */
const HINT_WORDS = new Set(Object.values(raw.hints).flatMap((h) => contentWords(h ?? '')));

const OPENERS = Object.entries(raw.openers).map(([kind, patterns]) => ({
  kind,
  patterns: patterns.map((p) => new RegExp(p)),
}));
/** Where a question asked without punctuation after what the visitor tells starts (see the data file). */
const RUN_ON = raw.run_on.map((p) => new RegExp(p));
/** The longest sentence read for such a question, in words. */
const RUN_ON_WORDS = 60;

/**
 * The kind of answer a question, or a heading that asks one, wants, from the word it opens with:
 * "person" for who, "yesno" for can/is/do, "thing" for what… Its last sentence counts ("My petition
 * is due today. Is it too late to file?"), from its first clause that opens so ("i got a summons,
 * can i postpone it"); null when none does.
 */
export function questionKind(text: string): string | null {
  return askingClause(text)?.kind ?? null;
}

/**
 * The clause that asks ("can i postpone it" in "i got a summons but i cant go that week, can i
 * postpone it"): its kind and how many words of the text come before it (the context the visitor
 * gives). The last sentence's first clause that opens with a question word, else the question asked
 * unpunctuated after the visitor's own words, else an earlier question the visitor then tells more
 * about (`end`: the words from there on are context too); null when there is none.
 */
export function askingClause(text: string): { kind: string; start: number; end?: number } | null {
  // After each mark: a run of them ("?!") splits between its marks, as a lookbehind of one mark
  // does in linear time (one of `[…]+` rescans the run at each of its positions).
  const sentences = text.split(/(?<=[.?!¿¡])/);
  // Sentences before the last one that has words are context.
  let last = sentences.length - 1;
  while (last > 0 && words(sentences[last]!).length === 0) last--;
  const context = sentences.slice(0, last).reduce((n, s) => n + words(s).length, 0);
  const opening = openingClause(sentences[last] ?? '', context);
  if (opening) return opening;
  // A question asked right after what the visitor tells, unpunctuated ("i got a ticket can i pay
  // online"): it starts at the first word a question opens with there. Only in a sentence of a
  // question's length: each word tried reads the rest of the sentence.
  const ws = words(sentences[last] ?? '');
  for (let i = 1; ws.length <= RUN_ON_WORDS && i < ws.length; i++) {
    const rest = ws.slice(i).join(' ');
    if (!RUN_ON.some((re) => re.test(rest))) continue;
    const opener = OPENERS.find((o) => o.patterns.some((re) => re.test(rest)));
    if (opener) return { kind: opener.kind, start: context + i };
  }
  return askedBefore(sentences.slice(0, last));
}

/**
 * A question asked before what the visitor then tells ("whats the deadline to appeal? i got the
 * letter a month ago"): the last earlier sentence that ends with a question mark and opens with a
 * question word asks; the words after it are context, as those before it.
 */
function askedBefore(sentences: string[]): { kind: string; start: number; end: number } | null {
  for (let i = sentences.length - 1; i >= 0; i--) {
    const sentence = sentences[i]!;
    if (!/\?\s*$/.test(sentence) || words(sentence).length === 0) continue;
    const before = sentences.slice(0, i).reduce((n, s) => n + words(s).length, 0);
    const opening = openingClause(sentence, before);
    return opening ? { ...opening, end: before + words(sentence).length } : null;
  }
  return null;
}

/** A sentence's first clause that opens with a question word: its kind and the words before it. */
function openingClause(sentence: string, before: number): { kind: string; start: number } | null {
  let start = before;
  for (const clause of sentence.split(/(?<=[,;:])/)) {
    const folded = cueText(clause);
    const opener = OPENERS.find((o) => o.patterns.some((re) => re.test(folded)));
    if (opener) return { kind: opener.kind, start };
    start += words(clause).length;
  }
  return null;
}

/** The question as the cue patterns read it: folded words joined by single spaces. */
export function cueText(question: string): string {
  return words(question).join(' ');
}

export function intentsOf(question: string): Intent[] {
  const text = cueText(question);
  const found = CUES.filter((c) => c.patterns.some((re) => re.test(text))).map((c) => c.intent);
  // A question naming a phone ("what is the phone number") is answered by one, not by an e-mail,
  // and one naming an e-mail by an e-mail address; one also asking for contacts in general takes any.
  const channel = (found.includes('phone') || found.includes('email')) && !/\bcontact(o)?s?\b/.test(text);
  const intents = channel ? found.filter((i) => i !== 'contact') : found;
  return intents.includes('definition') && namesFact(text)
    ? intents.filter((i) => i !== 'definition')
    : intents;
}

/** What "what is X" asks about, before any "of" ("the address" in "what is the address of the court"). */
const DEFINED = /^what (?:is|are) (?:(?:a|an|the) )?(.+?)(?: (of .*))?$/;

/**
 * Whether "what is X" asks for a fact rather than what X is: X ends with a word asking for a kind of
 * fact ("the address of the court", "the court hours", "the phone number"), not one naming something
 * else ("a fee waiver" is a waiver).
 */
function namesFact(text: string): boolean {
  const m = DEFINED.exec(text);
  if (!m) return false;
  // "The number of jurors" counts: the cue may take the "of" with it.
  const subjects = m[2] === undefined ? [m[1]!] : [m[1]!, `${m[1]!} of`];
  return CUES.some(
    (c) =>
      (FACT_INTENTS as readonly string[]).includes(c.intent) &&
      c.patterns.some((re) =>
        subjects.some((subject) => {
          const hit = new RegExp(re.source, re.flags.replace('g', '')).exec(subject);
          return hit !== null && hit.index + hit[0].length === subject.length;
        }),
      ),
  );
}

/** Words a page uses next to the fact an intent asks for ("address" for where). */
export function intentHints(intent: Intent): string[] {
  return contentWords(raw.hints[intent] ?? '');
}

/**
 * Positions (in `words(question)`) of the words of question frames ("how long does it take", "what
 * happens"): they say how the question is asked, so they are not what it is about.
 */
export function frameWordPositions(question: string): Set<number> {
  const text = cueText(question);
  const positions = new Set<number>();
  for (const re of FRAMES) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      if (m[0].length === 0) continue;
      // Word positions from the spaces before the match and inside it.
      const first = m.index === 0 ? 0 : text.slice(0, m.index).split(' ').length - 1;
      const count = m[0].trim().split(' ').length;
      for (let k = 0; k < count; k++) positions.add(first + k);
    }
  }
  return positions;
}

/**
 * The words naming what a counting question counts ("people" in "how many people do I need", "foia
 * exemptions" in "how many foia exemptions are there", "accessible spots" in "how many of the
 * accessible spots…", "abreviaturas" in "¿cuántas abreviaturas puedo usar?"): the content words
 * right after its count cue (which takes a partitive "of the" with it), up to the next function
 * word, at most two; empty when it counts nothing. A number that answers it counts that thing
 * ("find three people"), not another ("45,237 page views").
 */
export function countedWords(question: string): string[] {
  const text = cueText(question);
  for (const cue of CUES) {
    if (cue.intent !== 'count') continue;
    for (const re of cue.patterns) {
      const m = re.exec(text);
      if (!m) continue;
      const out: string[] = [];
      for (const w of text.slice(m.index + m[0].length).split(' ')) {
        if (w === '') continue;
        if (contentWords(w).length === 0 || out.length === 2) break;
        out.push(w);
      }
      if (out.length > 0) return out;
    }
  }
  return [];
}

const NEGATORS = new Set(raw.negators);
const PARTICLES = new Set(raw.particles);

/** Whether a word is an English adverb particle ("out", "up"), which may make a phrasal verb of the verb before it. */
export function isParticle(word: string): boolean {
  return PARTICLES.has(word);
}

/** How many words after a negator may still be what it negates ("not a U.S. citizen"). */
const NEGATED_WITHIN = 3;

/**
 * The words a question negates ("speak", "english" in "if I don't speak English"): the few words
 * after each negator (data: question-cues.json "negators"); empty when it negates nothing.
 */
export function negatedWords(question: string): Set<string> {
  const ws = words(question);
  const negated = new Set<string>();
  ws.forEach((w, i) => {
    if (NEGATORS.has(w)) for (const n of ws.slice(i + 1, i + 1 + NEGATED_WITHIN)) negated.add(n);
  });
  return negated;
}

/**
 * The words naming the kind of thing a which/what question asks for ("bus" in "which bus goes to
 * the courthouse", "headings" in "what kind of headings are best", "formulario" in "¿qué formulario
 * necesito?"): the content words right after the opener of its asking clause, up to the next
 * function word or question frame, at most two; empty for "what is…", "what happens…", and for a
 * kind of fact the fact intents read ("what number do I call", "what fee").
 */
export function askedWords(question: string): string[] {
  const ws = words(question);
  const start = askingClause(question)?.start ?? 0;
  const text = ws.slice(start).join(' ');
  const frame = frameWordPositions(question);
  for (const re of ASKED) {
    const m = re.exec(text);
    if (!m) continue;
    const from = start + m[0].trim().split(' ').length;
    const out: string[] = [];
    for (let i = from; i < ws.length && out.length < 2; i++) {
      if (frame.has(i) || contentWords(ws[i]!).length === 0 || HINT_WORDS.has(ws[i]!)) break;
      out.push(ws[i]!);
    }
    return out;
  }
  return [];
}
