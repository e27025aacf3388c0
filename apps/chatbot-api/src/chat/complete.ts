import { type Answerer, helpFromMetadata, type Turn } from '../answer/answerer.js';
import { type CitationWire, citationsFor } from '../answer/citations.js';
import type { Explanation } from '../answer/compose.js';
import { HttpError } from '../http/http-error.js';
import { estimateTokens, truncateToTokens } from '../limits/tokens.js';
import { type CompletionRequest, type InMessage, MAX_COMPLETION_TOKENS } from './completion-request.js';
import { toJsonContent } from './json-output.js';
import { modelFields } from './model-fields.js';
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
  /** Why the answerer answered so, when the request asked (amicus_explain). */
  explanation?: Explanation;
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
  return messages
    .filter((m) => m.content !== null || m.toolCalls.length > 0)
    .map((m) => ({
      role: m.role,
      content: m.content ?? '',
      ...(m.toolCalls.length > 0 ? { toolCalls: m.toolCalls } : {}),
      ...(m.toolCallId === null ? {} : { toolCallId: m.toolCallId }),
    }));
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
  // A language model decides on tools itself; without one, a call is made only when it is forced.
  const viaModel = answerer.usesModel === true;
  const forced = viaModel ? null : forcedToolCall(request.tools, request.toolChoice, question);
  if (forced) return toolCallOutcome([forced], prompt);
  const maxTokens = Math.min(request.maxCompletionTokens ?? bot.maxCompletionTokens, MAX_COMPLETION_TOKENS);
  const help = helpFromMetadata(request.metadata);
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
    ...(viaModel ? { modelFields: modelFields(request) } : {}),
    ...(help ? { help } : {}),
  });
  if (answer.toolCalls && answer.toolCalls.length > 0) {
    return toolCallOutcome(
      answer.toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      })),
      prompt,
    );
  }
  // A model asked for JSON answers in JSON; cutting or wrapping that would break it.
  if (viaModel && request.responseFormat.type !== 'text' && isJson(answer.content)) {
    return textOutcome(answer.content, bot.citations ? [] : null, false, prompt);
  }
  const limited = applyLimits(answer.content, request.stop, maxTokens);
  const citations = bot.citations ? citationsFor(limited.text, answer.sources) : null;
  const content =
    request.responseFormat.type === 'text'
      ? limited.text
      : toJsonContent(request.responseFormat, limited.text);
  const outcome = textOutcome(content, citations, limited.cut, prompt);
  return request.explain && answer.explanation ? { ...outcome, explanation: answer.explanation } : outcome;
}

function usage(prompt: number, completion: number): Usage {
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function toolCallOutcome(calls: ToolCallWire[], prompt: number): CompletionOutcome {
  const completion = calls.reduce((sum, c) => sum + estimateTokens(c.function.arguments), 0);
  // The contract: content and citations are null on a tool-call turn, whatever the bot's settings.
  return {
    content: null,
    citations: null,
    toolCalls: calls,
    finishReason: 'tool_calls',
    usage: usage(prompt, completion),
  };
}

function textOutcome(
  content: string,
  citations: CitationWire[] | null,
  cut: boolean,
  prompt: number,
): CompletionOutcome {
  return {
    content,
    citations,
    toolCalls: null,
    finishReason: cut ? 'length' : 'stop',
    usage: usage(prompt, estimateTokens(content)),
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
