import type { WidgetError, WidgetErrorBody, WidgetErrorCode } from '@amicus/protocol';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { bodyParserFailure } from './body-parser-error.js';

const STATUS: Record<WidgetErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  quota_exceeded: 429,
  upstream_unavailable: 503,
  timeout: 504,
  internal: 500,
};

/** The one error type widget routes throw; the error middleware turns it into the envelope. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: WidgetErrorCode,
    message: string,
    readonly options: { param?: string | null; retryAfter?: number | null; status?: number } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = options.status ?? STATUS[code] ?? 500;
  }

  get retryable(): boolean {
    return ['rate_limited', 'quota_exceeded', 'upstream_unavailable', 'timeout', 'internal'].includes(
      this.code,
    );
  }

  toWidgetError(): WidgetError {
    return {
      code: this.code,
      message: this.message,
      param: this.options.param ?? null,
      retryable: this.retryable,
      retryAfter: this.options.retryAfter ?? null,
    };
  }
}

export function sendWidgetError(res: Response, error: HttpError): void {
  if (error.options.retryAfter != null) res.setHeader('Retry-After', String(error.options.retryAfter));
  const body: WidgetErrorBody = { error: error.toWidgetError() };
  res.status(error.status).json(body);
}

/**
 * The single place errors become HTTP responses. Body-parser errors (malformed JSON, too large)
 * carry a 4xx `status`; anything else unexpected is a 500 with no detail leaked.
 */
export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // Absent only where a router is mounted without the request context (the admin test fixture).
    const log: Logger | undefined = res.locals.log;
    if (error instanceof HttpError) {
      sendWidgetError(res, error);
      return;
    }
    const parserFailure = bodyParserFailure(error);
    if (parserFailure) {
      const message =
        parserFailure.kind === 'too_large'
          ? 'The request body is too large.'
          : 'The request body is invalid.';
      sendWidgetError(res, new HttpError('bad_request', message, { status: parserFailure.status }));
      return;
    }
    log?.error({ err: error }, 'unhandled error');
    sendWidgetError(res, new HttpError('internal', 'Something went wrong on the relay.'));
  };
}
