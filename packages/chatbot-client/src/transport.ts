import { ConnectionError, fromResponse, InternalServerError } from './errors.js';
import { nodeRequest, type Reply } from './node-request.js';
import { parseRateLimit, type RateLimitInfo } from './rate-limit-info.js';
import { isRetryable, type RetryPolicy, retryDelayMs, sleep } from './retry.js';
import { Stream } from './stream.js';

/** What the client learned from one HTTP response; handed to `onResponse` (errors included). */
export interface ResponseInfo {
  method: string;
  path: string;
  status: number;
  requestId: string | null;
  rateLimit: RateLimitInfo | null;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as `X-Request-ID` so one id follows the request through every service. */
  requestId?: string;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  /** Event streams go over node:http (see `nodeRequest`) instead of `fetch`. */
  nodeStreams?: boolean;
  timeoutMs: number;
  retry: RetryPolicy;
  onResponse?: ((info: ResponseInfo) => void) | undefined;
}

export interface Call extends RequestOptions {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** A body sent as is (multipart upload); such a body is read once, so it is never retried. */
  raw?: { body: NonNullable<RequestInit['body']>; contentType: string };
  /** The answer is an event stream, read as it arrives. */
  stream?: boolean;
}

interface Attempt {
  response: Reply;
  controller: AbortController;
}

/** HTTP plumbing shared by every method: auth, timeouts, retries, error mapping, rate-limit info. */
export class Transport {
  lastRateLimit: RateLimitInfo | null = null;

  constructor(private readonly options: TransportOptions) {}

  async json<T>(call: Call): Promise<T> {
    const { response } = await this.send(call);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch (cause) {
      // A proxy's error page or a cut body under a 2xx: the upstream's fault, reported as a bad gateway.
      throw new InternalServerError('The Chatbot API answered with a body that is not JSON.', {
        status: 502,
        code: 'invalid_response',
        requestId: response.headers.get('x-request-id'),
        cause,
      });
    }
  }

  async stream<T>(call: Call): Promise<Stream<T>> {
    // The attempt's controller outlives this call: the stream owns it from here on.
    const { response, controller } = await this.send({ ...call, stream: true });
    return new Stream<T>(response, controller, parseRateLimit(response.headers));
  }

  private async send(call: Call): Promise<Attempt> {
    const maxRetries = call.raw ? 0 : (call.maxRetries ?? this.options.retry.maxRetries);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(call);
      } catch (error) {
        const idempotent = call.method !== 'POST';
        const delay =
          attempt < maxRetries && isRetryable(error, { idempotent })
            ? retryDelayMs(error, attempt, this.options.retry)
            : null;
        if (delay === null || call.signal?.aborted) throw error;
        await sleep(delay, call.signal);
      }
    }
  }

  private async attempt(call: Call): Promise<Attempt> {
    // One controller per attempt: an attempt aborted by its deadline must not doom the retry.
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(call.signal?.reason);
    if (call.signal?.aborted) onCallerAbort();
    call.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, call.timeoutMs ?? this.options.timeoutMs);
    let response: Reply;
    try {
      response =
        call.stream && this.options.nodeStreams && !call.raw
          ? await nodeRequest(this.url(call), {
              method: call.method,
              headers: this.headers(call),
              signal: controller.signal,
              ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
            })
          : await this.options.fetch(this.url(call), {
              method: call.method,
              headers: this.headers(call),
              signal: controller.signal,
              ...this.body(call),
            });
    } catch (cause) {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCallerAbort);
      if (call.signal?.aborted)
        throw new ConnectionError('The request was aborted.', { cause, code: 'aborted' });
      const message = timedOut
        ? 'The Chatbot API did not answer in time.'
        : 'Could not reach the Chatbot API.';
      throw new ConnectionError(message, {
        timedOut,
        cause,
        code: timedOut ? 'timeout' : 'connection_failed',
      });
    }
    // The deadline covers the wait for headers; a stream may then run as long as its owner wants.
    // The caller's signal stays linked so it can still cancel a stream or a body being read.
    clearTimeout(timer);
    this.observe(call, response);
    if (response.ok) return { response, controller };
    call.signal?.removeEventListener('abort', onCallerAbort);
    const payload = await response.json().catch(() => null);
    throw fromResponse(response.status, response.headers, payload);
  }

  private observe(call: Call, response: Reply): void {
    const rateLimit = parseRateLimit(response.headers);
    if (rateLimit) this.lastRateLimit = rateLimit;
    this.options.onResponse?.({
      method: call.method,
      path: call.path,
      status: response.status,
      requestId: response.headers.get('x-request-id'),
      rateLimit,
    });
  }

  private url(call: Call): string {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + call.path);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** A plain record (not `Headers`): cheaper to build, and both fetch and node:http take it. */
  private headers(call: Call): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
    };
    if (call.requestId) headers['x-request-id'] = call.requestId;
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    if (call.raw) headers['content-type'] = call.raw.contentType;
    return headers;
  }

  private body(call: Call): RequestInit {
    if (call.raw) {
      // Node's fetch needs `duplex` to send a streamed body without buffering it first.
      return { body: call.raw.body, duplex: 'half' } as RequestInit;
    }
    return call.json === undefined ? {} : { body: JSON.stringify(call.json) };
  }
}
