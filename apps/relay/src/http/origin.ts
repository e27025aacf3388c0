import type { Request, RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** CORS lets the widget read these, e.g. how long to wait after a 429 or 503. */
export const EXPOSED_HEADERS = 'Retry-After, X-Request-ID, RateLimit, RateLimit-Policy';

/**
 * The relay's own origin, for the admin app's Try-it panel (the widget served by this relay, on a
 * page served by this relay): PUBLIC_URL's origin when set, else the scheme the request came in on
 * (behind the configured proxy hops) and its Host header.
 *
 * Believing Host cannot widen access: it only matches when Origin equals it exactly, i.e. for a
 * same-origin request. A browser sends that only from a page served under that very host name, which
 * reaches this relay, so the page is one of the relay's own (a hostile name pointed at the relay
 * serves nothing but our pages; no third-party script runs there). Anything else can forge Origin
 * and Host freely anyway and then holds exactly what any visitor gets: a token bound to that origin,
 * under the same per-IP, per-visitor, per-site and admission limits. No cookie is involved.
 */
export function selfOrigin(publicOrigin: string | undefined): (req: Request) => string | undefined {
  return (req) => {
    if (publicOrigin) return publicOrigin;
    const host = req.get('host');
    return host ? `${req.protocol}://${host.toLowerCase()}` : undefined;
  };
}

/**
 * Origin allowlist and CORS for the browser routes. Only allowlisted origins get CORS headers;
 * `Origin: null` (sandboxed frames, file://) and a missing Origin are refused, because the widget
 * always runs on a court page and always sends one.
 */
export function originGuard({
  allowedOrigins,
  ownOrigin = () => undefined,
}: {
  allowedOrigins: () => Promise<readonly string[]> | readonly string[];
  /** The relay's own origin for this request (see `selfOrigin`); always allowed. */
  ownOrigin?: (req: Request) => string | undefined;
}): RequestHandler {
  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (
      origin === undefined ||
      origin === 'null' ||
      (origin !== ownOrigin(req) && !(await allowedOrigins()).includes(origin))
    ) {
      next(new HttpError('forbidden', 'This site may not use the assistant.'));
      return;
    }
    res.locals.origin = origin;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
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
