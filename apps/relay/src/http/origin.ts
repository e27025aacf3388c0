import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/**
 * Origin allowlist and CORS for the browser routes. Only allowlisted origins get CORS headers;
 * `Origin: null` (sandboxed frames, file://) and a missing Origin are refused, because the widget
 * always runs on a court page and always sends one.
 */
export function originGuard({
  allowedOrigins,
}: {
  allowedOrigins: () => Promise<readonly string[]> | readonly string[];
}): RequestHandler {
  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin === undefined || origin === 'null' || !(await allowedOrigins()).includes(origin)) {
      next(new HttpError('forbidden', 'This site may not use the assistant.'));
      return;
    }
    res.locals.origin = origin;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-ID, RateLimit, RateLimit-Policy');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-ID');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Caches an async list for `ttlMs`, so the allowlist (env + staff-edited) costs no query per request. */
export function cached<T>(
  load: () => Promise<T>,
  ttlMs: number,
  now: () => number = Date.now,
): () => Promise<T> {
  let value: Promise<T> | undefined;
  let loadedAt = 0;
  return () => {
    if (value === undefined || now() - loadedAt > ttlMs) {
      loadedAt = now();
      value = load().catch((error: unknown) => {
        value = undefined;
        throw error;
      });
    }
    return value;
  };
}
