import { type Answerer, helpFromMetadata } from '../answer/answerer.js';
import { citationsFor } from '../answer/citations.js';
import type { ResolvedBot } from '../chat/resolve-model.js';
import { estimateTokens, truncateToTokens } from '../limits/tokens.js';
import { modelWindow, type StoredMessage } from './store.js';

export interface TurnResult {
  message: StoredMessage;
  tokens: number;
  /** Questions of a several-question message that found nothing while others were answered. */
  unanswered: string[];
}

/**
 * Conversation metadata (an extension of ours; the contract lets callers store any string metadata)
 * with which a caller asks for `amicus_unanswered` on each answer message: the questions of the
 * message the answer found nothing for although it answered others. The relay uses it to show staff
 * every question the site could not answer; without it the message has the contract's fields only.
 */
export const REPORT_UNANSWERED = 'report_unanswered';

/** Whether the conversation's metadata asks for `amicus_unanswered` (see REPORT_UNANSWERED). */
export function reportsUnanswered(metadata: Readonly<Record<string, string>> | null | undefined): boolean {
  return metadata?.[REPORT_UNANSWERED] === 'true';
}

/** Answers the new user message from the conversation's window (40 latest messages, opening on a user turn). */
export async function answerTurn(
  answerer: Answerer,
  accountId: string,
  bot: ResolvedBot,
  history: readonly StoredMessage[],
  content: string,
  signal?: AbortSignal,
  metadata?: Readonly<Record<string, string>>,
): Promise<TurnResult> {
  const help = helpFromMetadata(metadata);
  const window = modelWindow([
    ...history.map(({ role, content }) => ({ role, content })),
    { role: 'user' as const, content },
  ]);
  const answer = await answerer.answer({
    accountId,
    namespaces: bot.namespaces,
    cite: bot.citations,
    turns: window,
    maxTokens: bot.maxCompletionTokens,
    temperature: null,
    topP: null,
    ...(signal ? { signal } : {}),
    ...(help ? { help } : {}),
  });
  const text = truncateToTokens(answer.content, bot.maxCompletionTokens) ?? answer.content;
  const input = window.reduce((sum, m) => sum + estimateTokens(m.content), 0);
  return {
    message: {
      role: 'assistant',
      content: text,
      citations: bot.citations ? citationsFor(text, answer.sources) : null,
    },
    tokens: input + estimateTokens(text),
    unanswered: answer.unanswered ?? [],
  };
}
