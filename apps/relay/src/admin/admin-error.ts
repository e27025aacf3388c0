import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** Extra members of the error object, e.g. `files` on an upload rejection or `retry_after`. */
export type AdminErrorExtra = Record<string, unknown>;

/**
 * The one error type of the admin API. Routes throw it; `adminErrorHandler` is the only place that
 * writes the `{ error: { code, message, param } }` envelope documented in docs/admin-api.md.
 */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly extra: AdminErrorExtra = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

export function invalid(message: string, param: string | null): AdminError {
  return new AdminError(400, 'invalid_request', message, param);
}

export function notFound(message = 'Not found.'): AdminError {
  return new AdminError(404, 'not_found', message);
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

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Maps body-parser failures to our envelope and hides anything unexpected behind a logged 500. */
export function adminErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    if (err instanceof AdminError) return sendAdminError(res, err);
    const parserError = err as BodyParserError;
    if (parserError.type === 'entity.too.large') {
      return sendAdminError(res, new AdminError(413, 'too_large', 'Request body is too large.'));
    }
    if (parserError.type === 'entity.parse.failed') {
      return sendAdminError(res, invalid('Request body is not valid JSON.', null));
    }
    if (typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      return sendAdminError(res, invalid('Malformed request.', null));
    }
    logger.error({ err }, 'admin api failure');
    sendAdminError(res, new AdminError(500, 'internal_error', 'Internal server error.'));
  };
}
