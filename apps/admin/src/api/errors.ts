import type { WireErrorBody, WireFileRejection } from '@amicus/protocol/admin';

/** Every failed admin API call becomes one of these; the UI branches on the class and `code`. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** 401: the session ended; the app returns to the sign-in page. */
export class SignedOutError extends AdminApiError {}

/** 429/503 with a wait time. */
export class RetryLaterError extends AdminApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(status, code, message);
  }
}

/** 400 `invalid_files`: the relay rejected some files of an upload (nothing was stored). */
export class FilesRejectedError extends AdminApiError {
  constructor(
    status: number,
    message: string,
    readonly files: WireFileRejection[],
  ) {
    super(status, 'invalid_files', message, 'file');
  }
}

/** The network itself failed (relay down, connection reset). */
export class NetworkError extends AdminApiError {
  constructor(message = 'Could not reach the server. Check your connection and try again.') {
    super(0, 'network_error', message);
  }
}

function isErrorBody(v: unknown): v is WireErrorBody {
  if (typeof v !== 'object' || v === null || !('error' in v)) return false;
  const e = (v as { error: unknown }).error;
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';
}

/** The one place that maps an error response (status + parsed body + Retry-After) to an error class. */
export function fromResponse(status: number, body: unknown, retryAfterHeader: string | null): AdminApiError {
  if (!isErrorBody(body)) {
    return new AdminApiError(
      status,
      'unexpected',
      `The server answered with an unexpected error (HTTP ${status}).`,
    );
  }
  const { code, message, param = null, files, retry_after: retryAfter } = body.error;
  if (status === 401 && code !== 'invalid_credentials')
    return new SignedOutError(status, code, message, param);
  if (code === 'invalid_files' && Array.isArray(files)) return new FilesRejectedError(status, message, files);
  if (status === 429 || status === 503) {
    const header = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
    const seconds = typeof retryAfter === 'number' ? retryAfter : Number.isFinite(header) ? header : null;
    return new RetryLaterError(status, code, message, seconds);
  }
  return new AdminApiError(status, code, message, param);
}

/** A sentence for staff: the server's message plus the wait time when there is one. */
export function describeError(err: unknown): string {
  if (err instanceof RetryLaterError && err.retryAfterSeconds !== null) {
    return `${err.message} Try again in ${Math.ceil(err.retryAfterSeconds)} seconds.`;
  }
  if (err instanceof AdminApiError) return err.message;
  return 'Something went wrong. Try again.';
}
