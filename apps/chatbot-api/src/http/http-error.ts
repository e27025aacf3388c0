export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'rate_limit_error'
  | 'server_error';

export interface HttpErrorOptions {
  type?: ErrorType;
  /** Bracket form, e.g. `messages[2].tool_call_id`; null when the request as a whole is at fault. */
  param?: string | null;
  code?: string | null;
  headers?: Record<string, string>;
}

function typeForStatus(status: number): ErrorType {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Thrown anywhere in the API; one error middleware turns it into the contract's error envelope. */
export class HttpError extends Error {
  readonly type: ErrorType;
  readonly param: string | null;
  readonly code: string | null;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    { type, param = null, code = null, headers = {} }: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.type = type ?? typeForStatus(status);
    this.param = param;
    this.code = code;
    this.headers = headers;
  }

  toEnvelope(): { error: { message: string; type: ErrorType; param: string | null; code: string | null } } {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

/** Shorthand for the most common failure: a 400 naming the field. */
export function badRequest(message: string, param: string | null): HttpError {
  return new HttpError(400, message, { param });
}
