import { Agent, type IncomingMessage, type RequestOptions, request } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The part of a `Headers` object the client reads. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What the transport needs of a response, from `fetch` or from `nodeRequest` alike. */
export interface Reply {
  status: number;
  ok: boolean;
  headers: HeaderReader;
  /** A web stream (fetch) or the raw chunks (node:http). */
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  json(): Promise<unknown>;
}

// Long-lived answers stream over these: keep-alive so a finished answer's socket serves the next
// one, no cap per origin (the relay's admission controller is the limit), newest socket first so
// idle ones time out instead of all being kept warm.
const agents = {
  http: new Agent({ keepAlive: true, scheduling: 'lifo' }),
  https: new HttpsAgent({ keepAlive: true, scheduling: 'lifo' }),
};

/**
 * One request over node:http, for event streams. A stream is the relay's hot path, and node:http
 * costs far less per request, in time and in memory, than `fetch` (no web streams, no Request and
 * Response objects, no spec bookkeeping): the body is read as plain Buffer chunks.
 * Aborting `signal` destroys the request, before or during the body.
 */
export function nodeRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
): Promise<Reply> {
  const target = new URL(url);
  const https = target.protocol === 'https:';
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const options: RequestOptions = { method: init.method, headers, agent: https ? agents.https : agents.http };
  const { signal } = init;
  return new Promise<Reply>((resolve, reject) => {
    const req = (https ? httpsRequest : request)(target, options, (res) => {
      // A read in progress gets its error through the iterator; one after the reader stopped
      // (the abort that ends an unfinished stream) must not become an uncaught exception.
      res.on('error', ignore);
      // Once the response is complete its socket may serve another request: an abort after
      // that must leave it alone (node's own `signal` option would destroy it, unhandled).
      res.once('close', () => signal.removeEventListener('abort', onAbort));
      resolve(toReply(res));
    });
    // No error argument: one emitted on a socket the finished response already let go of would
    // be uncaught. A pending request still fails ("socket hang up"), a pending read still throws.
    const onAbort = () => req.destroy();
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    // Before the response this rejects; after it (an abort) it has nobody else to tell.
    req.on('error', reject);
    req.end(init.body);
  });
}

const ignore = () => undefined;

function toReply(res: IncomingMessage): Reply {
  const status = res.statusCode ?? 0;
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name) {
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    body: chunks(res),
    async json() {
      const parts: Buffer[] = [];
      for await (const part of res) parts.push(part as Buffer);
      return JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown;
    },
  };
}

/**
 * The body's chunks, one per `next()`, lighter than `res.iterator()` (no stream-to-iterator adapter
 * and its promises per chunk, on the path every token takes). Backpressure holds: the response is
 * paused while a chunk waits for its reader, so a slow visitor slows the upstream read. Stopping
 * early (after `[DONE]`) drains the rest instead of destroying the response, so the socket goes
 * back to the keep-alive pool; an abort still destroys it.
 */
function chunks(res: IncomingMessage): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => new ChunkReader(res) };
}

type Waiter = { resolve(result: IteratorResult<Uint8Array>): void; reject(error: unknown): void };

class ChunkReader implements AsyncIterator<Uint8Array> {
  private readonly queue: Buffer[] = [];
  private state: 'open' | 'ended' | 'failed' = 'open';
  private failure: unknown;
  private waiter: Waiter | undefined;

  constructor(private readonly res: IncomingMessage) {
    res.on('data', this.onData).on('end', this.onEnd).on('error', this.onError).on('close', this.onClose);
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    const chunk = this.queue.shift();
    if (chunk !== undefined) {
      if (this.queue.length === 0 && this.state === 'open') this.res.resume();
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.state === 'ended') return Promise.resolve({ done: true, value: undefined });
    if (this.state === 'failed') return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.res.resume();
    });
  }

  async return(): Promise<IteratorResult<Uint8Array>> {
    this.detach();
    this.queue.length = 0;
    this.res.resume();
    return { done: true, value: undefined };
  }

  private readonly onData = (chunk: Buffer) => {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve({ done: false, value: chunk });
      return;
    }
    this.queue.push(chunk);
    this.res.pause();
  };

  private readonly onEnd = () => {
    this.state = 'ended';
    this.wake();
  };

  private readonly onError = (error: unknown) => {
    this.fail(error);
  };

  /** `close` without `end`: the connection went away mid-body (an abort, a reset). */
  private readonly onClose = () => {
    // Checked first: after a normal end every response closes, and an Error costs a stack trace.
    if (this.state === 'open') this.fail(new Error('The response closed before its end.'));
  };

  private fail(error: unknown): void {
    if (this.state !== 'open') return;
    this.state = 'failed';
    this.failure = error;
    this.wake();
  }

  /** Settles a reader waiting for a chunk that will never come. */
  private wake(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = undefined;
    if (this.state === 'ended') waiter.resolve({ done: true, value: undefined });
    else waiter.reject(this.failure);
  }

  private detach(): void {
    this.res
      .off('data', this.onData)
      .off('end', this.onEnd)
      .off('error', this.onError)
      .off('close', this.onClose);
  }
}
