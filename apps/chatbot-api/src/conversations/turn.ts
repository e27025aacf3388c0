import { type Answerer, helpFromMetadata } from '../answer/answerer.js';
import { citationsFor } from '../answer/citations.js';
import type { ResolvedBot } from '../chat/resolve-model.js';
import { estimateTokens, truncateToTokens } from '../limits/tokens.js';
import { modelWindow, type StoredMessage } from './store.js';

export interface TurnResult {
  message: StoredMessage;
  tokens: number;
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
  };
}
