import type { Db } from '../db/database.js';
import { type Answerer, lastUserTurns } from './answerer.js';
import { composeExtractiveAnswer } from './extractive.js';
import { retrieve } from './retrieve.js';
import { contentTerms, detectLanguage } from './terms.js';

/** More than the answer quotes: the answerer drops passages that miss the question's concepts. */
const PASSAGES = 8;

/** Default answerer: no language model, sentences quoted from the best passages of the knowledge base. */
export function createExtractiveAnswerer(db: Db): Answerer {
  return {
    async answer(req) {
      const { question, previous } = lastUserTurns(req.turns);
      // A short follow-up ("and on Saturdays?") is searched together with the question before it.
      const followUp = previous !== null && contentTerms(question).length <= 3;
      const passages = retrieve(
        db,
        { accountId: req.accountId, namespaces: req.namespaces },
        followUp ? `${previous} ${question}` : question,
        PASSAGES,
      );
      return composeExtractiveAnswer({
        question,
        previousQuestion: followUp ? previous : null,
        passages,
        language: detectLanguage(question),
        cite: req.cite,
      });
    },
  };
}
