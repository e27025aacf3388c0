import type { Request, RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** CORS lets the widget read these, e.g. how long to wait after a 429 or 503. */
export const EXPOSED_HEADERS = 'Retry-After, X-Request-ID, RateLimit, RateLimit-Policy';

/**
 * The relay's own origin as the admin app lists it (the origin its Try-it panel runs on):
 * PUBLIC_URL's origin when set, else the scheme the request came in on (behind the configured proxy
 * hops) and its Host header. Only for display to signed-in staff; the widget API decides with
 * `trustedSelfOrigin`.
 */
export function selfOrigin(publicOrigin: string | undefined): (req: Request) => string | undefined {
  return (req) => {
    if (publicOrigin) return publicOrigin;
    const host = req.get('host');
    return host ? `${req.protocol}://${host.toLowerCase()}` : undefined;
  };
}

/**
 * The relay's own origin as the widget API trusts it (the widget on a page served by this relay,
 * e.g. the admin app's Try-it panel): PUBLIC_URL's origin when set. Without it, the Host-based
 * origin of `selfOrigin` only when the browser itself says the request is same-origin
 * (`Sec-Fetch-Site`, which page scripts cannot set).
 *
 * Host, Origin and Sec-Fetch-Site are all free to forge outside a browser, so an origin learnt this
 * way is never a site of its own: its daily use counts under one key for the relay's own pages
 * (`res.locals.ownOrigin`), whatever name was sent. Production deployments set PUBLIC_URL.
 */
export function trustedSelfOrigin(publicOrigin: string | undefined): (req: Request) => string | undefined {
  const fromHost = selfOrigin(undefined);
  return (req) => {
    if (publicOrigin) return publicOrigin;
    return req.get('sec-fetch-site') === 'same-origin' ? fromHost(req) : undefined;
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
  /** The relay's own origin for this request (see `trustedSelfOrigin`); allowed, as `res.locals.ownOrigin`. */
  ownOrigin?: (req: Request) => string | undefined;
}): RequestHandler {
  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    const listed = origin !== undefined && (await allowedOrigins()).includes(origin);
    const own = !listed && origin !== undefined && origin === ownOrigin(req);
    if (origin === undefined || origin === 'null' || !(listed || own)) {
      next(new HttpError('forbidden', 'This site may not use the assistant.'));
      return;
    }
    res.locals.origin = origin;
    // Not a court's site: the relay's own pages, counted under one key however they were named.
    res.locals.ownOrigin = own;
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

/**
 * Caches an async value (the allowlist: env + staff-edited) for `ttlMs`, so it costs no query per
 * request. For `staleMs` after that the old value is still served while one fresh read runs in the
 * background, so a request does not wait on the database every `ttlMs`; past `ttlMs + staleMs`
 * (e.g. after an idle spell), or when nothing was ever read, the request waits for the read. A
 * change is thus seen within `ttlMs + staleMs` at most. A failed read is never cached: the next
 * call within the stale window tries again in the background, and past it the caller gets the error.
 */
export function cached<T>(
  load: () => Promise<T>,
  ttlMs: number,
  { staleMs = ttlMs, now = Date.now }: { staleMs?: number; now?: () => number } = {},
): () => Promise<T> {
  let value: Promise<T> | undefined;
  let loadedAt = 0;
  let reading: Promise<T> | undefined;
  const read = (): Promise<T> => {
    if (reading) return reading;
    // Counted from the read's start: the value may be older than its arrival.
    const startedAt = now();
    const pending = load().then(
      (loaded) => {
        value = pending;
        loadedAt = startedAt;
        reading = undefined;
        return loaded;
      },
      (error: unknown) => {
        reading = undefined;
        throw error;
      },
    );
    reading = pending;
    return pending;
  };
  return () => {
    if (value === undefined) return read();
    const age = now() - loadedAt;
    if (age <= ttlMs) return value;
    if (age > ttlMs + staleMs) return read();
    read().catch(() => undefined);
    return value;
  };
}
