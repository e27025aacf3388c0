import type { Passage } from '../knowledge/search.js';
import type { Explanation, Outcome } from './compose.js';
import type { HelpContacts } from './replies.js';

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
  /** Who can help, as the court configured it (see helpFromMetadata). */
  help?: HelpContacts;
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
  /** How the extractive answerer ended: answered, declined, legal advice, small talk. */
  outcome?: Outcome;
  /** Questions of the message that found nothing while others were answered (extractive answerer). */
  unanswered?: string[];
  /** Why, for staff (admin "Try it"); never sent to the public. */
  explanation?: Explanation;
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

/**
 * Contacts the caller configured, from conversation metadata (an extension of ours: the contract
 * lets callers store any string metadata): `help_contact`, `help_contact_es`, `legal_referral`,
 * `legal_referral_es`. Unset keys fall back to the replies' defaults.
 */
export function helpFromMetadata(
  metadata: Readonly<Record<string, string>> | null | undefined,
): HelpContacts | undefined {
  if (!metadata) return undefined;
  const pick = (en: string, es: string) => {
    const out: { en?: string; es?: string } = {};
    const e = metadata[en]?.trim();
    const s = metadata[es]?.trim();
    if (e) out.en = e;
    if (s) out.es = s;
    return out.en || out.es ? out : undefined;
  };
  const contact = pick('help_contact', 'help_contact_es');
  const referral = pick('legal_referral', 'legal_referral_es');
  if (!contact && !referral) return undefined;
  return { ...(contact ? { contact } : {}), ...(referral ? { referral } : {}) };
}
