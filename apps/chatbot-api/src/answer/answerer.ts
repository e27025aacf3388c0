import type { Passage } from '../knowledge/search.js';

/** A message as the answerers see it, after validation; parts joined, '' for a call without text. */
export interface Turn {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content: string;
  /** An assistant turn's tool calls, replayed to a model that was given tools. */
  toolCalls?: readonly ModelToolCall[];
  /** The call a tool turn answers. */
  toolCallId?: string;
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
  /**
   * OpenAI request fields (tools, tool_choice, response_format, stop) in wire form, for an answerer
   * backed by a language model to send as given; the extractive answerer has no use for them.
   */
  modelFields?: Readonly<Record<string, unknown>>;
}

/** A function call written by a language model instead of an answer. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface AnswerResult {
  /** Text with `[Source N]` markers when citing. */
  content: string;
  /** sources[i] is `[Source i+1]`. */
  sources: Passage[];
  /** Present and non-empty when the model called tools; content is then empty. */
  toolCalls?: ModelToolCall[];
}

/** Writes the assistant's text; the extractive answerer and the generation backend both implement it. */
export interface Answerer {
  /** True when a language model writes the answer: it then decides on tool calls and JSON output itself. */
  readonly usesModel?: boolean;
  answer(request: AnswerRequest): Promise<AnswerResult>;
}

/** The question to retrieve for: the last user turn, plus the one before it when it is a short follow-up. */
export function lastUserTurns(turns: readonly Turn[]): { question: string; previous: string | null } {
  const users = turns.filter((t) => t.role === 'user');
  return { question: users.at(-1)?.content ?? '', previous: users.at(-2)?.content ?? null };
}
