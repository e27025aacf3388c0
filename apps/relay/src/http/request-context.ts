import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const VALID_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Accepts a well-formed `X-Request-ID` (the same rule as the upstream, so it can be forwarded) or
 * makes one, echoes it, and gives the request a child logger that writes it on every line.
 * Only method, path (no query string), status and timing are logged: never bodies or headers.
 */
export function requestContext({
  logger,
  newId = randomUUID,
}: {
  logger: Logger;
  newId?: () => string;
}): RequestHandler {
  return (req, res, next) => {
    const offered = req.get('x-request-id');
    const requestId = offered !== undefined && VALID_ID.test(offered) ? offered : newId();
    res.setHeader('X-Request-ID', requestId);
    const log = logger.child({ reqId: requestId });
    res.locals.requestId = requestId;
    res.locals.log = log;
    const started = process.hrtime.bigint();
    res.on('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms),
          finished: res.writableFinished,
        },
        'request',
      );
    });
    next();
  };
}
