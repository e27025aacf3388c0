import type { Db } from '../db/database.js';
import type { Answerer, Turn } from './answerer.js';
import { composeAnswer } from './compose.js';
import { retrieveForTurns } from './retrieve.js';
import { mergeAnswers, turnsPerQuestion } from './several-questions.js';

/** Default answerer: no language model, the answer quoted from the section of the page that answers. */
export function createExtractiveAnswerer(db: Db): Answerer {
  return {
    async answer(req) {
      const scope = { accountId: req.accountId, namespaces: req.namespaces };
      const help = req.help ? { help: req.help } : {};
      const compose = (turns: readonly Turn[], related: boolean) => {
        const { analysis, search } = retrieveForTurns(db, scope, turns);
        return composeAnswer({ analysis, search, cite: req.cite, related, ...help });
      };
      // Several questions in the last message: each answered in turn, with the ones before it as
      // the conversation so far; other pages are not named after each (the answer is long enough).
      const { questions, turns } = turnsPerQuestion(req.turns);
      const composed =
        turns.length >= 2
          ? mergeAnswers(
              questions,
              turns.map((t) => compose(t, false)),
              req.help,
            )
          : compose(turns[0]!, true);
      return {
        content: composed.content,
        sources: composed.sources,
        outcome: composed.outcome,
        ...(composed.unanswered?.length ? { unanswered: composed.unanswered } : {}),
        explanation: composed.explanation,
      };
    },
  };
}
