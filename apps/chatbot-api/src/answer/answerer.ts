import type { Passage } from '../knowledge/search.js';

/** A message as the answerers see it, after validation and tool-call flattening. */
export interface Turn {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content: string;
}

export interface AnswerRequest {
  accountId: string;
  /** null = every namespace of the account. */
  namespaces: readonly string[] | null;
  cite: boolean;
  turns: readonly Turn[];
  maxTokens: number;
  temperature: number | null;
  topP: number | null;
  signal?: AbortSignal;
}

export interface AnswerResult {
  /** Text with `[Source N]` markers when citing. */
  content: string;
  /** sources[i] is `[Source i+1]`. */
  sources: Passage[];
}

/** Writes the assistant's text; the extractive answerer and the generation backend both implement it. */
export interface Answerer {
  answer(request: AnswerRequest): Promise<AnswerResult>;
}

/** The question to retrieve for: the last user turn, plus the one before it when it is a short follow-up. */
export function lastUserTurns(turns: readonly Turn[]): { question: string; previous: string | null } {
  const users = turns.filter((t) => t.role === 'user');
  return { question: users.at(-1)?.content ?? '', previous: users.at(-2)?.content ?? null };
}
