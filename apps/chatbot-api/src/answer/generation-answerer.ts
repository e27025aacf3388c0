import { randomBytes } from 'node:crypto';
import type { GenerationConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { isObject } from '../http/json-shapes.js';
import type { Passage } from '../knowledge/search.js';
import {
  type Answerer,
  type AnswerRequest,
  lastUserTurns,
  type ModelToolCall,
  type Turn,
} from './answerer.js';
import { dropUnknownMarkers } from './citations.js';
import { retrieve } from './retrieve.js';

const PASSAGES = 6;
const TIMEOUT_MS = 30_000;

function systemPrompt(passages: readonly Passage[], cite: boolean): string {
  const rules = cite
    ? 'End every sentence with the marker [Source N] of the source it comes from (for example "... online. [Source 2]"). Use only the numbers listed below.'
    : 'Do not add source markers.';
  const sources = passages.map((p, i) => `[Source ${i + 1}] ${p.title}\n${p.text}`).join('\n\n');
  return [
    "You are the assistant of a court's website. Answer the visitor's question only from the sources below, in 2 to 4 short sentences, in the language of the question.",
    rules,
    "If the sources do not answer the question, say briefly that the court's information does not cover it and suggest contacting the Clerk's Office.",
    '',
    sources === '' ? '(no sources were found)' : sources,
  ].join('\n');
}

function upstreamTurn(t: Turn, native: boolean): Record<string, unknown>[] {
  if (native && t.role === 'assistant' && t.toolCalls && t.toolCalls.length > 0) {
    const calls = t.toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }));
    return [{ role: 'assistant', content: t.content === '' ? null : t.content, tool_calls: calls }];
  }
  if (native && t.role === 'tool' && t.toolCallId !== undefined) {
    return [{ role: 'tool', tool_call_id: t.toolCallId, content: t.content }];
  }
  if (t.content === '') return [];
  // Without tools the model cannot be shown the call, so its result travels as plain text.
  return [
    t.role === 'tool'
      ? { role: 'user', content: `Tool result:\n${t.content}` }
      : { role: t.role, content: t.content },
  ];
}

function upstreamMessages(req: AnswerRequest, passages: readonly Passage[]) {
  // Given tools, the model sees its earlier calls and their results as such; otherwise it would
  // not know a call was answered and might make it again.
  const native = Array.isArray(req.modelFields?.tools);
  return [
    { role: 'system', content: systemPrompt(passages, req.cite) },
    ...req.turns.flatMap((t) => upstreamTurn(t, native)),
  ];
}

function unavailable(): HttpError {
  return new HttpError(503, 'The language model is unavailable; retry shortly.', {
    code: 'upstream_unavailable',
    headers: { 'Retry-After': '5' },
  });
}

function fromStatus(status: number): HttpError {
  if (status === 429) {
    return new HttpError(429, 'The language model is rate limited; retry shortly.', {
      code: 'rate_limit_exceeded',
      headers: { 'Retry-After': '10' },
    });
  }
  if (status === 400 || status === 413 || status === 422) {
    return new HttpError(400, 'The language model provider rejected the request as sent.');
  }
  return unavailable();
}

type UpstreamMessage = { content?: unknown; tool_calls?: unknown };

/** The model's tool calls, or null when it wrote text; a malformed call is an upstream failure. */
function toolCallsOf(message: UpstreamMessage | undefined): ModelToolCall[] | null {
  const raw = message?.tool_calls;
  if (!Array.isArray(raw) || raw.length === 0) return null;
  return raw.map((call) => {
    const fn = isObject(call) ? call.function : undefined;
    if (!isObject(call) || !isObject(fn) || typeof fn.name !== 'string') throw unavailable();
    return {
      // Ids are opaque to us; one is made up only for a server that omits it.
      id: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${randomBytes(12).toString('hex')}`,
      name: fn.name,
      arguments: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}),
    };
  });
}

/**
 * Answers with any OpenAI-compatible chat server from the retrieved passages numbered as sources.
 * Markers naming no passage are dropped; citations are then built from the markers that remain.
 */
export function createGenerationAnswerer({
  db,
  config,
  fetch: fetchImpl,
}: {
  db: Db;
  config: GenerationConfig;
  fetch: typeof fetch;
}): Answerer {
  return {
    usesModel: true,
    async answer(req) {
      const { question, previous } = lastUserTurns(req.turns);
      const passages = retrieve(
        db,
        { accountId: req.accountId, namespaces: req.namespaces },
        previous ? `${question} ${previous}` : question,
        PASSAGES,
      );
      const body: Record<string, unknown> = {
        model: config.model,
        messages: upstreamMessages(req, passages),
        max_tokens: req.maxTokens,
        ...req.modelFields,
      };
      if (req.temperature !== null) body.temperature = req.temperature;
      if (req.topP !== null) body.top_p = req.topP;
      const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(req.signal ? [req.signal] : [])];
      let response: Response;
      try {
        response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.any(signals),
        });
      } catch {
        throw unavailable();
      }
      if (!response.ok) throw fromStatus(response.status);
      let message: UpstreamMessage | undefined;
      try {
        const json = (await response.json()) as { choices?: { message?: UpstreamMessage }[] };
        message = json.choices?.[0]?.message;
      } catch {
        throw unavailable();
      }
      const toolCalls = toolCallsOf(message);
      if (toolCalls) return { content: '', sources: [], toolCalls };
      const text = message?.content;
      if (typeof text !== 'string') throw unavailable();
      const content = req.cite
        ? dropUnknownMarkers(text.trim(), passages.length)
        : text.replace(/ ?\[Source \d{1,3}\]/g, '').trim();
      return { content, sources: passages };
    },
  };
}
