import type { HeaderReader } from './node-request.js';
import type { RateLimitInfo } from './rate-limit-info.js';
import { parseRateLimit, parseRetryAfter } from './rate-limit-info.js';
import type { ApiErrorBody } from './wire.js';

interface ErrorInit {
  status?: number | undefined;
  type?: string | null;
  code?: string | null;
  param?: string | null;
  requestId?: string | null;
  retryAfter?: number | null;
  rateLimit?: RateLimitInfo | null;
  cause?: unknown;
}

/** Root of every failure the client reports; callers branch on the subclass or on `code`. */
export class ChatbotApiError extends Error {
  /** HTTP status; undefined when no response arrived (connection) or the stream broke in-band. */
  readonly status: number | undefined;
  readonly type: string | null;
  readonly code: string | null;
  readonly param: string | null;
  readonly requestId: string | null;
  /** Seconds from `Retry-After`, when the server sent one. */
  readonly retryAfter: number | null;
  readonly rateLimit: RateLimitInfo | null;

  constructor(message: string, init: ErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.type = init.type ?? null;
    this.code = init.code ?? null;
    this.param = init.param ?? null;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.rateLimit = init.rateLimit ?? null;
  }
}

export class BadRequestError extends ChatbotApiError {}
export class AuthenticationError extends ChatbotApiError {}
export class PermissionError extends ChatbotApiError {}
export class NotFoundError extends ChatbotApiError {}
export class InternalServerError extends ChatbotApiError {}
export class UpstreamUnavailableError extends ChatbotApiError {}

/** `code` is `rate_limit_exceeded` (wait a little) or `insufficient_quota` (wait for the daily reset). */
export class RateLimitError extends ChatbotApiError {}

/** No response: refused, reset, DNS, or `timedOut` when the client's own deadline fired. */
export class ConnectionError extends ChatbotApiError {
  readonly timedOut: boolean;
  constructor(message: string, init: ErrorInit & { timedOut?: boolean } = {}) {
    super(message, init);
    this.timedOut = init.timedOut ?? false;
  }
}

/**
 * The stream broke after HTTP 200: an in-band error frame, an unparseable frame, or an early end.
 * `retryable` follows the contract (server_error and rate_limit_error frames may be retried).
 */
export class StreamError extends ChatbotApiError {
  readonly retryable: boolean;
  constructor(message: string, init: ErrorInit & { retryable: boolean }) {
    super(message, init);
    this.retryable = init.retryable;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && typeof v.type === 'string';
}

/** The `error` object of an envelope, or null when the payload is not one. */
export function readErrorEnvelope(payload: unknown): ApiErrorBody | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const inner = (payload as { error?: unknown }).error;
  return isErrorBody(inner) ? inner : null;
}

/** The one place an HTTP error response becomes a typed error. */
export function fromResponse(status: number, headers: HeaderReader, payload: unknown): ChatbotApiError {
  const body = readErrorEnvelope(payload);
  const init: ErrorInit = {
    status,
    type: body?.type ?? null,
    code: body?.code ?? null,
    param: body?.param ?? null,
    requestId: headers.get('x-request-id'),
    retryAfter: parseRetryAfter(headers),
    rateLimit: parseRateLimit(headers),
  };
  const message = body?.message ?? `Chatbot API answered HTTP ${status}`;
  switch (status) {
    case 400:
    case 405:
    case 413:
      return new BadRequestError(message, init);
    case 401:
      return new AuthenticationError(message, init);
    case 403:
      return new PermissionError(message, init);
    case 404:
      return new NotFoundError(message, init);
    case 429:
      return new RateLimitError(message, init);
    case 503:
      return new UpstreamUnavailableError(message, init);
    default:
      return status >= 500 ? new InternalServerError(message, init) : new ChatbotApiError(message, init);
  }
}

/** An in-band error frame (HTTP 200 already sent) as a StreamError. */
export function fromStreamFrame(body: ApiErrorBody, requestId: string | null): StreamError {
  return new StreamError(body.message, {
    type: body.type,
    code: body.code,
    param: body.param,
    requestId,
    retryable: body.type === 'server_error' || body.type === 'rate_limit_error',
  });
}
