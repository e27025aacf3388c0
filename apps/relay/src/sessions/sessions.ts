import type { SessionResponse } from '@amicus/protocol';
import type { RequestHandler } from 'express';
import type { RelayConfig } from '../config.js';
import { HttpError } from '../http/http-error.js';
import { mintToken, newVisitorId, type VisitorClaims, verifyToken } from './token.js';

/** `POST /api/sessions`: a fresh visitor id in a signed token bound to the calling origin. */
export function createSessionHandler({
  config,
  now,
}: {
  config: RelayConfig;
  now: () => Date;
}): RequestHandler {
  return (_req, res) => {
    const [key] = config.sessionKeys;
    if (!key) throw new Error('No session key configured.');
    const iat = Math.floor(now().getTime() / 1000);
    const exp = iat + config.sessionTtlSeconds;
    const claims: VisitorClaims = { vid: newVisitorId(), org: res.locals.origin as string, iat, exp };
    // Refresh at 80 % of the lifetime, so a slow tab still swaps tokens well before expiry.
    const refreshAt = iat + Math.floor(config.sessionTtlSeconds * 0.8);
    const body: SessionResponse = {
      token: mintToken(key, claims),
      expiresAt: new Date(exp * 1000).toISOString(),
      refreshAt: new Date(refreshAt * 1000).toISOString(),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json(body);
  };
}

/** Requires `Authorization: Bearer <visitor token>` valid for this origin; sets `res.locals.visitor`. */
export function requireVisitor({ config, now }: { config: RelayConfig; now: () => Date }): RequestHandler {
  return (req, res, next) => {
    const match = /^Bearer ([A-Za-z0-9._-]{1,1024})$/.exec(req.get('authorization') ?? '');
    if (!match?.[1]) {
      next(new HttpError('unauthorized', 'A visitor token is required.'));
      return;
    }
    const result = verifyToken(match[1], config.sessionKeys, {
      origin: res.locals.origin as string,
      nowSeconds: Math.floor(now().getTime() / 1000),
    });
    if (!result.ok) {
      // One answer for every cause, so a probe learns nothing about keys or other sites.
      next(new HttpError('unauthorized', 'The visitor token is invalid or expired.'));
      return;
    }
    res.locals.visitor = result.claims;
    next();
  };
}
