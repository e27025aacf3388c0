import { createParser } from 'eventsource-parser';
import { ConnectionError, fromStreamFrame, readErrorEnvelope, StreamError } from './errors.js';
import type { RateLimitInfo } from './rate-limit-info.js';

/**
 * A server-sent event stream of JSON frames. It owns the request's AbortController: breaking out
 * of the loop, or calling `abort()`, cancels the HTTP request. `[DONE]`, in-band error frames and
 * bad frames are all handled here, so every caller sees the same behaviour.
 */
export class Stream<T> implements AsyncIterable<T> {
  readonly requestId: string | null;
  private consumed = false;

  constructor(
    readonly response: Response,
    readonly controller: AbortController,
    readonly rateLimit: RateLimitInfo | null = null,
  ) {
    this.requestId = response.headers.get('x-request-id');
  }

  abort(reason?: unknown): void {
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
      if (!finished) this.controller.abort();
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
    const reader = body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
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
      reader.releaseLock();
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
