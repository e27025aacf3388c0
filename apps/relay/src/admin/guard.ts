import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { RelayDeps } from '../deps.js';
import { AdminError } from './admin-error.js';
import { type AdminSession, findSession, readCookie, SESSION_COOKIE } from './sessions.js';

export interface SignedIn extends AdminSession {
  token: string;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function clientIp(req: Request): string {
  // req.ip honours the relay's TRUST_PROXY hop count, so X-Forwarded-For cannot be spoofed past it.
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

export function signedIn(res: Response): SignedIn {
  const session = res.locals.admin as SignedIn | undefined;
  if (!session) throw new AdminError(401, 'unauthenticated', 'Sign in first.');
  return session;
}

/** Attaches the session (if any) to res.locals.admin; never rejects. */
export function loadSession(deps: RelayDeps): RequestHandler {
  return async (req, res, next) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      const session = await findSession(deps.sql, token, deps.now());
      if (session) res.locals.admin = { ...session, token } satisfies SignedIn;
    }
    next();
  };
}

export const requireSession: RequestHandler = (_req, res, next) => {
  signedIn(res);
  next();
};

/**
 * Second CSRF layer beside the token: state-changing requests must come from our own origin.
 * `expectedOrigin` is PUBLIC_URL's origin when configured, else the origin the request was sent to.
 */
export function checkOrigin(publicOrigin: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (!UNSAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    const expected = publicOrigin ?? `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin !== expected) {
      throw new AdminError(403, 'origin_mismatch', 'This request must come from the admin app itself.');
    }
    next();
  };
}

/** Synchronizer token: the header must equal the token stored with this session. */
export const requireCsrf: RequestHandler = (req, res, next) => {
  if (!UNSAFE.has(req.method)) return next();
  const session = signedIn(res);
  const sent = req.get('x-csrf-token');
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(sent ?? '');
  if (!sent || actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new AdminError(403, 'csrf_failed', 'Missing or invalid X-CSRF-Token header.');
  }
  next();
};
