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
    try {
      for await (const data of this.frames()) {
        if (data === '[DONE]') {
          finished = true;
          return;
        }
        yield this.decode(data);
      }
      throw new StreamError('The stream ended before [DONE].', {
        type: 'server_error',
        code: 'stream_truncated',
        requestId: this.requestId,
        retryable: true,
      });
    } finally {
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

  /** The `data` of each event, in order, read straight off the response body. */
  private async *frames(): AsyncGenerator<string> {
    const body = this.response.body;
    if (!body) return;
    const queue: string[] = [];
    const parser = createParser({ onEvent: (event) => queue.push(event.data) });
    const decoder = new TextDecoder();
    const reader = readerOf(body);
    try {
      for (;;) {
        let chunk: IteratorResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (cause) {
          throw this.readFailure(cause);
        }
        if (chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        while (queue.length > 0) yield queue.shift() as string;
      }
      parser.feed(decoder.decode());
      while (queue.length > 0) yield queue.shift() as string;
    } finally {
      await reader.release();
    }
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
