import type { ConceptPassage } from '../knowledge/concept-search.js';
import { contentWords } from '../language/words.js';
import type { Turn } from './answerer.js';
import type { ComposedAnswer, Outcome } from './compose.js';
import { neutralizeMarkdown } from './render.js';
import { contactSentence, type HelpContacts, REPLIES } from './replies.js';

/*
 * A message that asks several things at once ("Where is the courthouse? How much is the filing
 * fee?") is answered question by question, each under its own question, instead of only for the
 * last one. Each question is retrieved and composed on its own, with the questions before it as the
 * conversation so far (so "And how much is it?" is read as a follow-up of the one before).
 */

/** More questions than this in one message are read as one, as before. */
export const MAX_QUESTIONS = 3;
/** A question quoted as a part's heading is cut at this many characters. */
const MAX_HEADING = 160;

/**
 * The questions of one message, in order: a sentence ending with "?" closes a question, the
 * statements before it are its context ("My petition is due today. Is it too late?") and those after
 * the last one belong to it. A question with no content word of its own ("Hello?", "Is anyone
 * there?") joins the next one. One element when the message asks one thing, or more than
 * MAX_QUESTIONS.
 */
export function splitQuestions(text: string): string[] {
  const sentences = text.trim().split(/(?<=\?)\s+/u);
  const parts: string[] = [];
  let pending = '';
  for (const sentence of sentences) {
    pending = pending === '' ? sentence : `${pending} ${sentence}`;
    if (sentence.endsWith('?') && contentWords(sentence).length > 0) {
      parts.push(pending);
      pending = '';
    }
  }
  if (pending !== '') {
    if (parts.length === 0) return [text];
    parts[parts.length - 1] = `${parts.at(-1)} ${pending}`;
  }
  return parts.length >= 2 && parts.length <= MAX_QUESTIONS ? parts : [text];
}

/**
 * The questions of a conversation's last user message, each with the turns to retrieve it from: the
 * conversation before that message, then the message's questions up to it, each a user turn of its
 * own. One question (or none) gives the conversation as it is. Every turn is read in its plain
 * letters (NFKC): fullwidth forms typed on an East Asian keyboard ("ｊｕｒｙ ｄｕｔｙ？"), ligatures
 * pasted from a PDF ("ﬁne") and the like are the words they show.
 */
export function turnsPerQuestion(typed: readonly Turn[]): { questions: string[]; turns: Turn[][] } {
  const turns = typed.map((t): Turn => ({ ...t, content: t.content.normalize('NFKC') }));
  const last = turns.findLastIndex((t) => t.role === 'user');
  const questions = last === -1 ? [] : splitQuestions(turns[last]!.content);
  if (questions.length < 2) return { questions, turns: [turns] };
  const before = turns.slice(0, last);
  return {
    questions,
    turns: questions.map((_, k) => [
      ...before,
      ...questions.slice(0, k + 1).map((content): Turn => ({ role: 'user', content })),
    ]),
  };
}

/**
 * One answer from the answers to each question: each under its question (bold, markdown
 * neutralised), its `[Source N]` markers renumbered over the sources of all of them, one citation
 * per page as in any answer (a page two answers quote keeps the number it was first given). A
 * question that found nothing says so in one sentence, and who can help is said once, at the end;
 * nothing an earlier answer said is repeated. The questions that found nothing are listed in
 * `unanswered`, for staff (an answer that cites a source is otherwise not counted as declined).
 */
export function mergeAnswers(
  questions: readonly string[],
  answers: readonly ComposedAnswer[],
  help: HelpContacts | undefined,
): ComposedAnswer {
  // Nothing found for any of them: one reply, as for a single question.
  if (answers.every((a) => a.outcome === 'not_found')) return answers[0]!;
  // The message's language: its first question's (the replies it adds are in that language).
  const language = answers[0]!.explanation.language;
  const r = REPLIES[language];
  const sources: ConceptPassage[] = [];
  const blocks: string[] = [];
  const said = new Set<string>();
  let saidAdvice = false;
  const unanswered: string[] = [];
  for (const [i, answer] of answers.entries()) {
    const numbers = answer.sources.map((p) => {
      let n = sources.findIndex((s) => s.documentId === p.documentId);
      if (n === -1) n = sources.push(p) - 1;
      return n + 1;
    });
    let content: string;
    if (answer.outcome === 'not_found') {
      content = r.notFound;
      unanswered.push(questions[i]!);
    } else {
      content = answer.content.replace(/\[Source (\d+)\]/g, (marker, n: string) => {
        const global = numbers[Number(n) - 1];
        return global === undefined ? marker : `[Source ${global}]`;
      });
    }
    // What an earlier answer already said (the same sentence quoted, the legal-advice statement and
    // referral, the "only in English" notice) is not said again; an answer left with nothing is not
    // given. Each question that found nothing still says so.
    const fresh =
      answer.outcome === 'not_found'
        ? [content]
        : content.split('\n\n').filter((p) => !said.has(p) && !(p.startsWith(r.legalAdvice) && saidAdvice));
    saidAdvice ||= fresh.some((p) => p.startsWith(r.legalAdvice));
    if (fresh.length === 0) continue;
    for (const p of fresh) said.add(p);
    blocks.push(`**${headingOf(questions[i]!)}**`, ...fresh);
  }
  const contact = contactSentence(help, language);
  if (unanswered.length > 0 && !said.has(contact)) blocks.push(contact);
  // Sources only a left-out paragraph cited are dropped; the rest are numbered as they first appear.
  const order: number[] = [];
  const text = blocks.join('\n\n').replace(/\[Source (\d+)\]/g, (_m, n: string) => {
    let k = order.indexOf(Number(n));
    if (k === -1) k = order.push(Number(n)) - 1;
    return `[Source ${k + 1}]`;
  });
  const outcome = mergedOutcome(answers.map((a) => a.outcome));
  const first = answers.find((a) => a.outcome === outcome) ?? answers[0]!;
  return {
    content: text,
    sources: order.map((n) => sources[n - 1]!),
    outcome,
    unanswered,
    explanation: {
      ...first.explanation,
      outcome,
      reason: `${answers.length} questions in one message, answered in turn: ${answers
        .map((a, i) => `(${i + 1}) ${a.explanation.reason}`)
        .join('; ')}`,
    },
  };
}

/** A visitor's question as a part's heading: one line, no markdown of theirs, not too long. */
function headingOf(question: string): string {
  const line = neutralizeMarkdown(question.replace(/\s+/g, ' ').trim());
  if (line.length <= MAX_HEADING) return line;
  const cut = line.lastIndexOf(' ', MAX_HEADING);
  return `${line.slice(0, cut > MAX_HEADING / 2 ? cut : MAX_HEADING)}…`;
}

/** Answered when any question was; else legal advice when any asked for it; else as the first. */
function mergedOutcome(outcomes: readonly Outcome[]): Outcome {
  if (outcomes.includes('answered')) return 'answered';
  if (outcomes.includes('legal_advice')) return 'legal_advice';
  return outcomes[0]!;
}
