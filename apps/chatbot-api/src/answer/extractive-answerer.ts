import type { Db } from '../db/database.js';
import type { Answerer } from './answerer.js';
import { composeAnswer } from './compose.js';
import { retrieveForTurns } from './retrieve.js';

/** Default answerer: no language model, the answer quoted from the section of the page that answers. */
export function createExtractiveAnswerer(db: Db): Answerer {
  return {
    async answer(req) {
      const { analysis, search } = retrieveForTurns(
        db,
        { accountId: req.accountId, namespaces: req.namespaces },
        req.turns,
      );
      const composed = composeAnswer({
        analysis,
        search,
        cite: req.cite,
        ...(req.help ? { help: req.help } : {}),
      });
      return {
        content: composed.content,
        sources: composed.sources,
        outcome: composed.outcome,
        explanation: composed.explanation,
      };
    },
  };
}
