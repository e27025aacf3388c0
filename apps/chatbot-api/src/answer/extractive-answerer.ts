import type { Db } from '../db/database.js';
import type { Answerer, Turn } from './answerer.js';
import { composeAnswer } from './compose.js';
import { retrieveForTurns } from './retrieve.js';
import { mergeAnswers, splitQuestions } from './several-questions.js';

/** Default answerer: no language model, the answer quoted from the section of the page that answers. */
export function createExtractiveAnswerer(db: Db): Answerer {
  return {
    async answer(req) {
      const scope = { accountId: req.accountId, namespaces: req.namespaces };
      const help = req.help ? { help: req.help } : {};
      const compose = (turns: readonly Turn[], related = true) => {
        const { analysis, search } = retrieveForTurns(db, scope, turns);
        return composeAnswer({ analysis, search, cite: req.cite, related, ...help });
      };
      // Several questions in the last message: each answered in turn, with the ones before it as
      // the conversation so far; other pages are not named after each (the answer is long enough).
      const last = req.turns.findLastIndex((t) => t.role === 'user');
      const questions = last === -1 ? [] : splitQuestions(req.turns[last]!.content);
      const composed =
        questions.length >= 2
          ? mergeAnswers(
              questions,
              questions.map((_, k) =>
                compose(
                  [
                    ...req.turns.slice(0, last),
                    ...questions.slice(0, k + 1).map((content): Turn => ({ role: 'user', content })),
                  ],
                  false,
                ),
              ),
              req.help,
            )
          : compose(req.turns);
      return {
        content: composed.content,
        sources: composed.sources,
        outcome: composed.outcome,
        explanation: composed.explanation,
      };
    },
  };
}
