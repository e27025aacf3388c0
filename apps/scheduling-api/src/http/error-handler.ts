import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { HttpError } from './http-error.js';

/** The one place errors become HTTP; a 500 never leaks internals. */
export function createErrorHandler(logger: Logger | undefined) {
  return function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    const error = err instanceof HttpError ? err : new HttpError(500, 'Server error.');
    if (!(err instanceof HttpError)) logger?.error({ err, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.status(error.status).json(error.toBody());
  };
}
