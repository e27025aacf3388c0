import type { WidgetError, WidgetErrorBody } from '@amicus/protocol';

// One typed error for everything that can go wrong between the widget and the relay, built in one
// place from a response, a stream `error` frame or a failed fetch. The UI maps `kind` to its text.

// Kinds double as the i18n keys of their messages (`failed` covers the ones with no text of their own).
export type ErrorKind =
  | 'offline'
  | 'network'
  | 'timeout'
  | 'server'
  | 'rateLimited'
  | 'quota'
  | 'tooLong'
  | 'notFound'
  | 'unauthorized'
  /** The stream ended without `done` or `error`. */
  | 'cut'
  /** The visitor pressed Stop. */
  | 'aborted'
  | 'failed';

export class RelayError extends Error {
  override readonly name = 'RelayError';
  // Declared, then assigned in the constructor: parameter properties would also emit class fields
  // (bytes in the panel's budget) for what the constructor sets anyway.
  declare readonly kind: ErrorKind;
  declare readonly retryable: boolean;
  /** Seconds to wait, when the relay said so. */
  declare readonly retryAfter: number | null;
  constructor(kind: ErrorKind, message: string, retryable: boolean, retryAfter: number | null = null) {
    super(message);
    this.kind = kind;
    this.retryable = retryable;
    this.retryAfter = retryAfter;
  }
}

const KIND_BY_CODE: Record<string, ErrorKind> = {
  rate_limited: 'rateLimited',
  quota_exceeded: 'quota',
  upstream_unavailable: 'server',
  internal: 'server',
  timeout: 'timeout',
  not_found: 'notFound',
  unauthorized: 'unauthorized',
  forbidden: 'unauthorized',
};

function kindForStatus(status: number): ErrorKind {
  if (status === 429) return 'rateLimited';
  if (status === 504 || status === 408) return 'timeout';
  if (status >= 500) return 'server';
  if (status === 404) return 'notFound';
  if (status === 401 || status === 403) return 'unauthorized';
  return 'failed';
}

export function fromWire(error: WidgetError, status = 0, headerRetryAfter: number | null = null): RelayError {
  let kind = KIND_BY_CODE[error.code] ?? (status ? kindForStatus(status) : 'failed');
  if (error.code === 'bad_request' && error.param === 'content') kind = 'tooLong';
  return new RelayError(kind, error.message, error.retryable, error.retryAfter ?? headerRetryAfter);
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export async function fromResponse(res: Response): Promise<RelayError> {
  const header = parseRetryAfter(res.headers.get('retry-after'));
  let body: Partial<WidgetErrorBody> | undefined;
  try {
    body = (await res.json()) as Partial<WidgetErrorBody>;
  } catch {
    // Proxies in front of the relay may answer with HTML; fall back to the status code.
  }
  if (body?.error && typeof body.error.code === 'string') return fromWire(body.error, res.status, header);
  const kind = kindForStatus(res.status);
  const retryable = kind === 'rateLimited' || kind === 'server' || kind === 'timeout';
  return new RelayError(kind, `HTTP ${res.status}`, retryable, header);
}

export const TIMEOUT = 'amicus-timeout';

/** A fetch that threw: aborted by us (timeout), by the visitor (Stop), or no network at all. */
export function fromFailure(error: unknown, signal: AbortSignal | undefined): RelayError {
  // Checked first: a cancelled read can surface as any error, or as an early end of the stream.
  if (signal?.aborted) {
    return signal.reason === TIMEOUT
      ? new RelayError('timeout', 'No response in time', true)
      : new RelayError('aborted', 'Stopped', true);
  }
  if (error instanceof RelayError) return error;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new RelayError(offline ? 'offline' : 'network', String(error), true);
}
