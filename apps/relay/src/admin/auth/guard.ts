import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { RelayDeps } from '../../deps.js';
import { AdminError } from '../admin-error.js';
import { appendAudit } from '../audit.js';
import { type AdminSession, findSession, readCookie, sessionCookieName } from './staff-sessions.js';

export interface SignedIn extends AdminSession {
  token: string;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function clientIp(req: Request): string {
  // req.ip honours the relay's TRUST_PROXY hop count, so X-Forwarded-For cannot be spoofed past it.
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Whether the browser reached us over https: TLS here, `X-Forwarded-Proto: https` from a trusted
 * proxy (`req.secure` believes it only within the TRUST_PROXY hops), or an https PUBLIC_URL.
 */
export function isSecureRequest(req: Request, publicUrlIsHttps: boolean): boolean {
  return req.secure || publicUrlIsHttps;
}

export function signedIn(res: Response): SignedIn {
  const session = res.locals.admin;
  if (!session) throw new AdminError('unauthenticated', 'Sign in first.');
  return session;
}

/** Attaches the session (if any) to res.locals.admin; never rejects. */
export function loadSession(deps: RelayDeps): RequestHandler {
  const { publicUrlIsHttps } = deps.config.server;
  return async (req, res, next) => {
    const name = sessionCookieName(isSecureRequest(req, publicUrlIsHttps));
    const token = readCookie(req.headers.cookie, name);
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
 * Records a refused cross-site attempt before refusing it: a run of these in the audit log is how
 * staff learn that someone is trying to ride their session.
 */
async function refuse(deps: RelayDeps, req: Request, res: Response, error: AdminError): Promise<never> {
  const session = res.locals.admin;
  await appendAudit(deps.sql, deps.now(), {
    actor: session?.username ?? null,
    action: `request.${error.code}`,
    ip: clientIp(req),
    result: 'failure',
    detail: {
      method: req.method,
      path: req.path.slice(0, 200),
      origin: req.headers.origin?.slice(0, 200) ?? null,
    },
  });
  throw error;
}

/**
 * Second CSRF layer beside the token: state-changing requests must come from our own origin.
 * `expectedOrigin` is PUBLIC_URL's origin when configured, else the origin the request was sent to.
 */
export function checkOrigin(deps: RelayDeps): RequestHandler {
  const { publicOrigin } = deps.config.server;
  return async (req, res, next) => {
    if (!UNSAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    const expected = publicOrigin ?? `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin !== expected) {
      await refuse(
        deps,
        req,
        res,
        new AdminError('origin_mismatch', 'This request must come from the admin app itself.'),
      );
    }
    next();
  };
}

/** Synchronizer token: the header must equal the token stored with this session. */
export function requireCsrf(deps: RelayDeps): RequestHandler {
  return async (req, res, next) => {
    if (!UNSAFE.has(req.method)) return next();
    const session = signedIn(res);
    const sent = req.get('x-csrf-token');
    const expected = Buffer.from(session.csrfToken);
    const actual = Buffer.from(sent ?? '');
    if (!sent || actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      await refuse(deps, req, res, new AdminError('csrf_failed', 'Missing or invalid X-CSRF-Token header.'));
    }
    next();
  };
}
