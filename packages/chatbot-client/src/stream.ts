import { createParser } from 'eventsource-parser';
import { ConnectionError, fromStreamFrame, readErrorEnvelope, StreamError } from './errors.js';
import type { Reply } from './node-request.js';
import type { RateLimitInfo } from './rate-limit-info.js';

// Shared: `abort()` with no reason builds a new DOMException, stack included, on every stream.
const STREAM_CLOSED = new DOMException('The stream was closed.', 'AbortError');

/**
 * A server-sent event stream of JSON frames. It owns the request's AbortController: breaking out
 * of the loop, or calling `abort()`, cancels the HTTP request. `[DONE]`, in-band error frames and
 * bad frames are all handled here, so every caller sees the same behaviour.
 */
export class Stream<T> implements AsyncIterable<T> {
  readonly requestId: string | null;
  private consumed = false;

  constructor(
    readonly response: Pick<Reply, 'headers' | 'body'>,
    readonly controller: AbortController,
    readonly rateLimit: RateLimitInfo | null = null,
  ) {
    this.requestId = response.headers.get('x-request-id');
  }

  abort(reason: unknown = STREAM_CLOSED): void {
    this.controller.abort(reason);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.consumed) throw new Error('A stream can be iterated only once.');
    this.consumed = true;
    let finished = false;
    // One generator straight over the body's chunks: this is the relay's per-token path, and every
    // extra async layer costs a promise hop per frame.
    const body = this.response.body;
    const reader = body ? readerOf(body) : undefined;
    const events: string[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event.data) });
    const decoder = new TextDecoder();
    try {
      for (let ended = reader === undefined; !ended; ) {
        let chunk: IteratorResult<Uint8Array>;
        try {
          chunk = await (reader as NonNullable<typeof reader>).read();
        } catch (cause) {
          throw this.readFailure(cause);
        }
        ended = chunk.done === true;
        parser.feed(ended ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
        for (let data = events.shift(); data !== undefined; data = events.shift()) {
          if (data === '[DONE]') {
            finished = true;
            return;
          }
          yield this.decode(data);
        }
      }
      throw new StreamError('The stream ended before [DONE].', {
        type: 'server_error',
        code: 'stream_truncated',
        requestId: this.requestId,
        retryable: true,
      });
    } finally {
      await reader?.release();
      // Covers break, thrown frames and truncation alike: the socket must not linger.
      if (!finished) this.controller.abort(STREAM_CLOSED);
    }
  }

  private decode(data: string): T {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      throw new StreamError('The stream sent a frame that is not JSON.', {
        type: 'server_error',
        code: 'invalid_frame',
        requestId: this.requestId,
        retryable: false,
      });
    }
    const error = readErrorEnvelope(payload);
    if (error) throw fromStreamFrame(error, this.requestId);
    return payload as T;
  }

  private readFailure(cause: unknown): Error {
    if (this.controller.signal.aborted) {
      return new ConnectionError('The stream was aborted.', {
        code: 'aborted',
        requestId: this.requestId,
        cause,
      });
    }
    return new StreamError('The connection broke during the stream.', {
      type: 'server_error',
      code: 'stream_interrupted',
      requestId: this.requestId,
      retryable: true,
      cause,
    });
  }
}

/** One way to read a web stream (fetch) and plain chunks (node:http). */
function readerOf(body: NonNullable<Reply['body']>): {
  read(): Promise<IteratorResult<Uint8Array>>;
  release(): Promise<void>;
} {
  if ('getReader' in body) {
    const reader = body.getReader();
    return {
      read: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      release: async () => reader.releaseLock(),
    };
  }
  const iterator = body[Symbol.asyncIterator]();
  return {
    read: () => iterator.next(),
    release: async () => {
      await iterator.return?.();
    },
  };
}
