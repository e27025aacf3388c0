import type { StreamEventMap, StreamEventType } from '@amicus/protocol';
import { fromWire, RelayError } from './relay-error';

// Reads the relay's SSE-over-POST body as an AsyncIterable of typed events. Bad frames and the
// terminal `error` frame are handled here, in one place; the caller sees only well-formed events.
// The event-stream grammar is parsed here rather than by eventsource-parser: the relay only sends
// `event:`/`data:` fields and `: ping` comments, and the ~1 KB gzip the library costs is what pays
// for safe links, per-message language and the reading fixes within the panel's 20 KB budget.

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
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let afterCR = false;
  // One line of the event-stream format (https://html.spec.whatwg.org/#event-stream-interpretation).
  const line = (text: string) => {
    if (!text) {
      if (data.length && TYPES.has(type)) {
        try {
          pending.push({ type, data: JSON.parse(data.join('\n')) } as StreamEvent);
        } catch {
          // A frame that is not JSON cannot be shown; the stream goes on.
        }
      }
      type = '';
      data = [];
      return;
    }
    const colon = text.indexOf(':');
    if (!colon) return; // a comment (`: ping`)
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };
  const feed = (chunk: string) => {
    if (!chunk) return;
    // A CRLF split across two chunks is one line end, not an empty line.
    buffer += afterCR && chunk[0] === '\n' ? chunk.slice(1) : chunk;
    afterCR = chunk.endsWith('\r');
    const lines = buffer.split(/\r\n?|\n/);
    buffer = lines.pop() as string;
    for (const text of lines) line(text);
  };
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
      feed(decoder.decode(value, { stream: true }));
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
