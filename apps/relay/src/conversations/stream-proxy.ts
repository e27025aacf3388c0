import type { ConversationStreamFrame, SendMessageResponse, Stream } from '@amicus/chatbot-client';
import type { WireMessage } from '@amicus/protocol';
import { HttpError } from '../http/http-error.js';
import { fromUpstream } from '../http/upstream-error.js';
import { toWireCitations } from './citations.js';
import type { SseWriter } from './sse-writer.js';

export interface ProxyOutcome {
  /** `done` when the answer finished, `error` when it failed, `closed` when the visitor left. */
  result: 'done' | 'error' | 'closed';
  answer: string;
  error?: HttpError;
}

/**
 * Pipes one upstream conversation stream to the widget as `delta` events and a final `done`
 * (or `error`). The upstream request is aborted when the visitor leaves or the lifetime ends.
 */
export async function proxyConversationStream({
  upstream,
  writer,
  conversationId,
  maxLifetimeMs,
  visitorGone,
}: {
  upstream: Stream<ConversationStreamFrame>;
  writer: SseWriter;
  conversationId: string;
  maxLifetimeMs: number;
  visitorGone: AbortSignal;
}): Promise<ProxyOutcome> {
  let answer = '';
  let timedOut = false;
  const lifetime = setTimeout(() => {
    timedOut = true;
    upstream.abort();
  }, maxLifetimeMs);
  const onGone = () => upstream.abort(visitorGone.reason);
  visitorGone.addEventListener('abort', onGone, { once: true });
  try {
    await writer.send('start', { conversationId });
    for await (const frame of upstream) {
      if (frame.done === true) {
        const message = toWireMessage(frame.message);
        await writer.send('done', { message });
        return { result: 'done', answer: message.content };
      }
      const text = frame.delta?.content;
      if (typeof text === 'string' && text !== '') {
        answer += text;
        await writer.send('delta', { text });
      }
    }
    // The upstream said [DONE] without a done frame: the answer cannot be trusted complete.
    const error = new HttpError('upstream_unavailable', 'The answer ended unexpectedly.', { retryAfter: 5 });
    await writer.send('error', error.toWidgetError());
    return { result: 'error', answer, error };
  } catch (cause) {
    if (visitorGone.aborted) return { result: 'closed', answer };
    const error = timedOut
      ? new HttpError('timeout', 'The answer took too long.', { retryAfter: null })
      : fromUpstream(cause);
    await writer.send('error', error.toWidgetError());
    return { result: 'error', answer, error };
  } finally {
    clearTimeout(lifetime);
    visitorGone.removeEventListener('abort', onGone);
  }
}

export function toWireMessage(message: SendMessageResponse['message']): WireMessage {
  return { role: 'assistant', content: message.content ?? '', citations: toWireCitations(message.citations) };
}
