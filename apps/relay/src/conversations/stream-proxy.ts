import type { ConversationStreamFrame, Stream } from '@amicus/chatbot-client';
import type { WireMessage } from '@amicus/protocol';
import { HttpError } from '../http/http-error.js';
import { widgetErrorFromUpstream } from '../http/upstream-error.js';
import { type DocumentLinkLookup, toWireCitations } from './citations.js';
import type { SseWriter } from './sse-writer.js';
import { isRecord } from './untrusted.js';

export interface ProxyOutcome {
  /** `done` when the answer finished, `error` when it failed, `closed` when the visitor left. */
  result: 'done' | 'error' | 'closed';
  answer: string;
  /** The finished message, as the widget got it in `done`. */
  message?: WireMessage;
  /** Questions the answer found nothing for although it answered others (never sent to the widget). */
  unanswered?: string[];
  error?: HttpError;
}

/**
 * Pipes one upstream conversation stream to the widget as `delta` events and a final `done`
 * (or `error`). The upstream request is aborted when the visitor leaves or the lifetime ends.
 */
export async function proxyConversationStream({
  upstream,
  writer,
  heartbeatMs,
  conversationId,
  maxLifetimeMs,
  visitorGone,
  links,
}: {
  upstream: Stream<ConversationStreamFrame>;
  /** Opened here (headers, `start`), after the upstream's first chunk had its chance to be read. */
  writer: SseWriter;
  heartbeatMs: number;
  conversationId: string;
  maxLifetimeMs: number;
  visitorGone: AbortSignal;
  /** Staff-set public links of documents, applied to the citations of the done frame (awaited there). */
  links?: DocumentLinkLookup | Promise<DocumentLinkLookup> | undefined;
}): Promise<ProxyOutcome> {
  let answer = '';
  let timedOut = false;
  const lifetime = setTimeout(() => {
    timedOut = true;
    upstream.abort();
  }, maxLifetimeMs);
  const onGone = () => upstream.abort(visitorGone.reason);
  visitorGone.addEventListener('abort', onGone, { once: true });
  const frames = upstream[Symbol.asyncIterator]();
  // The first read starts before the visitor's headers and `start` are written. A first delta that
  // came in the same packet as the upstream's headers (the usual case) is then already waiting:
  // flowing the response takes one tick, and after that tick everything up to its `delta` write is
  // promise continuations, which all run before the writer's uncork on the following tick. So
  // headers, `start` and that delta leave in one write, and the visitor's process wakes once.
  // Nothing is ever held back: a delta not yet received cannot delay the uncork, which stays one
  // tick after `open` whatever the upstream does.
  const first = frames.next();
  // Awaited below (or dropped with the iterator); never an unhandled rejection in between.
  first.catch(() => undefined);
  try {
    await new Promise<void>((resolve) => process.nextTick(resolve));
    writer.open(heartbeatMs);
    await writer.send('start', { conversationId });
    for (let next = await first; !next.done; next = await frames.next()) {
      // The upstream is untrusted: a frame of the wrong shape is skipped, never a crash.
      const frame: unknown = next.value;
      if (!isRecord(frame)) continue;
      if (frame.done === true) {
        // Only the done frame's citations need the links: the deltas never wait for their read.
        const message = toWireMessage(frame.message, await links);
        await writer.send('done', { message });
        await settleAfterDone(frames, upstream);
        return { result: 'done', answer: message.content, message, unanswered: unansweredOf(frame.message) };
      }
      const text = isRecord(frame.delta) ? frame.delta.content : undefined;
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
      : widgetErrorFromUpstream(cause);
    await writer.send('error', error.toWidgetError());
    return { result: 'error', answer, error };
  } finally {
    clearTimeout(lifetime);
    visitorGone.removeEventListener('abort', onGone);
  }
}

/** How long the `[DONE]` that follows a done frame may take before the connection is given up. */
const DONE_GRACE_MS = 1_000;

/**
 * After the done frame the contract sends `[DONE]`, usually in the same packet. Reading it ends the
 * upstream response cleanly, so its socket goes back to the keep-alive pool for the next answer
 * instead of being torn down (a new TCP connection per answer otherwise). Anything else, or
 * nothing within the grace period, closes the stream (aborting the request).
 */
async function settleAfterDone(
  frames: AsyncIterator<unknown>,
  upstream: Stream<ConversationStreamFrame>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DONE_GRACE_MS);
  });
  const tail = frames.next().then(
    (next) => (next.done ? 'ended' : 'more'),
    () => 'broken',
  );
  const outcome = await Promise.race([tail, late]);
  clearTimeout(timer);
  // A frame after the done frame: closing the iterator aborts the request. A read still pending
  // cannot be closed that way (the generator is busy), so the request is aborted under it.
  if (outcome === 'more') await frames.return?.().catch(() => undefined);
  else if (outcome === 'late') upstream.abort();
}

/** The done frame's message; a missing or malformed one becomes an empty answer without sources. */
export function toWireMessage(message: unknown, links?: DocumentLinkLookup): WireMessage {
  if (!isRecord(message)) return { role: 'assistant', content: '', citations: [] };
  const content = typeof message.content === 'string' ? message.content : '';
  return { role: 'assistant', content, citations: toWireCitations(message.citations, links) };
}

/** At most this many questions are read from `amicus_unanswered` (the chatbot-api asks at most 3 at once). */
const MAX_UNANSWERED = 3;
/** A question longer than this is cut (a message is at most 100,000 characters). */
const MAX_QUESTION = 2_000;

/**
 * The questions our chatbot-api lists in `amicus_unanswered` (an extension; the provider sends
 * none). The upstream is untrusted: anything but non-empty strings is ignored, and the list and each
 * question are bounded.
 */
export function unansweredOf(message: unknown): string[] {
  if (!isRecord(message) || !Array.isArray(message.amicus_unanswered)) return [];
  return message.amicus_unanswered
    .filter((q): q is string => typeof q === 'string' && q.trim() !== '')
    .slice(0, MAX_UNANSWERED)
    .map((q) => q.slice(0, MAX_QUESTION));
}
