import type { AdminErrorCode } from '@amicus/protocol/admin';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { bodyParserFailure } from '../http/body-parser-error.js';

/** Every code the admin API answers with (the protocol's union, all of it), and its HTTP status (docs/admin-api.md). */
const STATUS = {
  invalid_request: 400,
  invalid_files: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  origin_mismatch: 403,
  csrf_failed: 403,
  not_found: 404,
  not_configured: 404,
  method_not_allowed: 405,
  too_large: 413,
  unsupported_media_type: 415,
  locked_out: 429,
  rate_limited: 429,
  upstream_rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  upstream_unavailable: 503,
} as const satisfies Record<AdminErrorCode, number>;

/** Extra members of the error object, e.g. `files` on an upload rejection or `upstream_status`. */
export type AdminErrorExtra = Record<string, unknown>;

export interface AdminErrorOptions {
  /** The request field at fault, when there is one. */
  param?: string | null;
  extra?: AdminErrorExtra;
  /** Seconds to wait: sent as `Retry-After` and as `retry_after` in the error object. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

/**
 * The one error type of the admin API. Routes throw it; `adminErrorHandler` is the only place that
 * writes the `{ error: { code, message, param } }` envelope documented in docs/admin-api.md.
 */
export class AdminError extends Error {
  readonly status: number;
  readonly param: string | null;
  readonly extra: AdminErrorExtra;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: AdminErrorCode,
    message: string,
    { param = null, extra = {}, retryAfter, headers = {} }: AdminErrorOptions = {},
  ) {
    super(message);
    this.name = 'AdminError';
    this.status = STATUS[code];
    this.param = param;
    this.extra = retryAfter === undefined ? extra : { retry_after: retryAfter, ...extra };
    this.headers = retryAfter === undefined ? headers : { ...headers, 'Retry-After': String(retryAfter) };
  }
}

export function invalid(message: string, param: string | null): AdminError {
  return new AdminError('invalid_request', message, { param });
}

export function notFound(message = 'Not found.'): AdminError {
  return new AdminError('not_found', message);
}

export function sendAdminError(res: Response, err: AdminError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  res
    .status(err.status)
    .json({ error: { code: err.code, message: err.message, param: err.param, ...err.extra } });
}

const BODY_PARSER_ERRORS = {
  too_large: () => new AdminError('too_large', 'Request body is too large.'),
  invalid_json: () => invalid('Request body is not valid JSON.', null),
  malformed: () => invalid('Malformed request.', null),
};

/** Maps body-parser failures to our envelope and hides anything unexpected behind a logged 500. */
export function adminErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    if (err instanceof AdminError) return sendAdminError(res, err);
    const parserFailure = bodyParserFailure(err);
    if (parserFailure) return sendAdminError(res, BODY_PARSER_ERRORS[parserFailure.kind]());
    logger.error({ err }, 'admin api failure');
    sendAdminError(res, new AdminError('internal_error', 'Internal server error.'));
  };
}
