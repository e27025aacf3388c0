import type { Answerer, Turn } from '../answer/answerer.js';
import { type CitationWire, citationsFor } from '../answer/citations.js';
import { HttpError } from '../http/http-error.js';
import { estimateTokens, truncateToTokens } from '../limits/tokens.js';
import { type CompletionRequest, type InMessage, MAX_COMPLETION_TOKENS } from './completion-request.js';
import { toJsonContent } from './json-output.js';
import type { ResolvedBot } from './resolve-model.js';
import { forcedToolCall, type ToolCallWire } from './tool-call.js';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface CompletionOutcome {
  content: string | null;
  citations: CitationWire[] | null;
  toolCalls: ToolCallWire[] | null;
  finishReason: 'stop' | 'length' | 'tool_calls';
  usage: Usage;
}

/** 400 `tool_not_allowed` for the first tool outside the bot's allowlist (checked even with tool_choice none). */
export function checkToolAllowlist(bot: ResolvedBot, request: Pick<CompletionRequest, 'tools'>): void {
  if (bot.toolAllowlist === null) return;
  const i = request.tools.findIndex((t) => !bot.toolAllowlist!.includes(t.name));
  if (i >= 0) {
    throw new HttpError(400, `The tool '${request.tools[i]!.name}' is not allowed for this model.`, {
      param: `tools[${i}]`,
      code: 'tool_not_allowed',
    });
  }
}

function toTurns(messages: readonly InMessage[]): Turn[] {
  return messages.filter((m) => m.content !== null).map((m) => ({ role: m.role, content: m.content! }));
}

function promptTokens(messages: readonly InMessage[]): number {
  return messages.reduce(
    (sum, m) =>
      sum +
      estimateTokens(m.content ?? '') +
      m.toolCalls.reduce((s, c) => s + estimateTokens(c.arguments), 0),
    0,
  );
}

/** The text after stop sequences and the token limit; `length` when the limit cut it. */
function applyLimits(
  text: string,
  stop: readonly string[],
  maxTokens: number,
): { text: string; cut: boolean } {
  let out = text;
  for (const s of stop) {
    const at = out.indexOf(s);
    if (at >= 0) out = out.slice(0, at);
  }
  const truncated = truncateToTokens(out, maxTokens);
  return truncated === null ? { text: out, cut: false } : { text: truncated, cut: true };
}

/** Runs one completion with the bot's answerer; the same outcome feeds the JSON and the streamed response. */
export async function runCompletion(
  answerer: Answerer,
  accountId: string,
  bot: ResolvedBot,
  request: CompletionRequest,
  signal?: AbortSignal,
): Promise<CompletionOutcome> {
  const prompt = promptTokens(request.messages);
  const question = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const call = forcedToolCall(request.tools, request.toolChoice, question);
  if (call) {
    const completion = estimateTokens(call.function.arguments);
    return {
      content: null,
      citations: null,
      toolCalls: [call],
      finishReason: 'tool_calls',
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    };
  }
  const maxTokens = Math.min(request.maxCompletionTokens ?? bot.maxCompletionTokens, MAX_COMPLETION_TOKENS);
  const answer = await answerer.answer({
    accountId,
    namespaces: bot.namespaces,
    cite: bot.citations,
    turns: toTurns(request.messages),
    maxTokens,
    // Above 1 is treated as 1, as the contract says of the language model.
    temperature: request.temperature === null ? null : Math.min(request.temperature, 1),
    topP: request.temperature === null ? request.topP : null,
    ...(signal ? { signal } : {}),
  });
  const limited = applyLimits(answer.content, request.stop, maxTokens);
  const citations = bot.citations ? citationsFor(limited.text, answer.sources) : null;
  const content =
    request.responseFormat.type === 'text'
      ? limited.text
      : toJsonContent(request.responseFormat, limited.text);
  const completion = estimateTokens(content);
  return {
    content,
    citations,
    toolCalls: null,
    finishReason: limited.cut ? 'length' : 'stop',
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}
