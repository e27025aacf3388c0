import type { StreamEventMap, StreamEventType } from '@amicus/protocol';
import { createParser } from 'eventsource-parser';
import { fromWire, RelayError } from './relay-error';

// Reads the relay's SSE-over-POST body as an AsyncIterable of typed events. Bad frames and the
// terminal `error` frame are handled here, in one place; the caller sees only well-formed events.

export type StreamEvent = { [K in StreamEventType]: { type: K; data: StreamEventMap[K] } }[StreamEventType];

const TYPES = new Set(['start', 'delta', 'done', 'error']);

/**
 * `onActivity` runs on every chunk, heartbeats included, so the caller can run an idle watchdog.
 * `signal` cancels the read even if the body's source ignores it.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onActivity: () => void = () => {},
): AsyncGenerator<StreamEvent> {
  const pending: StreamEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const type = message.event ?? 'message';
      if (!TYPES.has(type)) return;
      try {
        pending.push({ type, data: JSON.parse(message.data) } as StreamEvent);
      } catch {
        // A frame that is not JSON cannot be shown; the stream goes on.
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity();
      parser.feed(decoder.decode(value, { stream: true }));
      for (const event of pending.splice(0)) {
        if (event.type === 'error') throw fromWire(event.data);
        yield event;
        if (event.type === 'done') {
          finished = true;
          return;
        }
      }
    }
  } finally {
    // Stop reading (and let fetch close the connection) whether we finished, failed or were abandoned.
    signal.removeEventListener('abort', cancel);
    reader.cancel().catch(() => {});
  }
  if (!finished) throw new RelayError('cut', 'The answer stream ended early', true);
}
