import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { HttpError } from './http-error.js';

/** The one place errors become HTTP: the contract's envelope, and a 500 that never leaks internals. */
export function createErrorHandler(logger: Logger | undefined) {
  return function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    const error =
      err instanceof HttpError ? err : new HttpError(500, 'Internal server error.', { type: 'server_error' });
    if (!(err instanceof HttpError)) logger?.error({ err, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      // A streamed response already committed its status; the stream code writes in-band errors itself.
      res.destroy();
      return;
    }
    if (error.status === 413) {
      // The contract keeps RateLimit-* off every 413, also one found while reading a multipart body
      // after the limiter already ran.
      for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
        res.removeHeader(name);
      // Close the connection after answering, but discard what the client is still sending for a
      // moment first: closing a socket with unread data resets it, and the client could lose the 413.
      res.setHeader('Connection', 'close');
      req.resume();
      res.on('finish', () => setTimeout(() => req.socket.destroy(), 2_000).unref());
    }
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.status(error.status).json(error.toEnvelope());
  };
}
