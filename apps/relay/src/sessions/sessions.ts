import type { SessionResponse } from '@amicus/protocol';
import type { RequestHandler } from 'express';
import type { RelayConfig } from '../config.js';
import { HttpError } from '../http/http-error.js';
import { mintToken, newVisitorId, tokenVerifier, type VisitorClaims, verifyToken } from './token.js';

const BEARER = /^Bearer ([A-Za-z0-9._-]{1,1024})$/;

/**
 * `POST /api/sessions`: a signed token bound to the calling origin. With a still-valid token of this
 * origin in `Authorization` it is a refresh and keeps that visitor id (so the visitor keeps their
 * conversations); anything else (none, forged, expired, another origin's) silently mints a new
 * visitor, exactly as a first visit would, so the answer tells a prober nothing about the token.
 */
export function createSessionHandler({
  config,
  now,
}: {
  config: RelayConfig;
  now: () => Date;
}): RequestHandler {
  return (req, res) => {
    const [key] = config.sessionKeys;
    if (!key) throw new Error('No session key configured.');
    const { origin } = res.locals;
    const iat = Math.floor(now().getTime() / 1000);
    const exp = iat + config.sessionTtlSeconds;
    const previous = bearerClaims(req.get('authorization'), config, origin, iat);
    const claims: VisitorClaims = { vid: previous?.vid ?? newVisitorId(), org: origin, iat, exp };
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
  const verify = tokenVerifier(config.sessionKeys);
  return (req, res, next) => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) {
      next(new HttpError('unauthorized', 'A visitor token is required.'));
      return;
    }
    const result = verify(match[1], {
      origin: res.locals.origin,
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

/** The claims of a well-formed, valid, unexpired token of `origin`, or undefined. */
function bearerClaims(
  header: string | undefined,
  config: RelayConfig,
  origin: string,
  nowSeconds: number,
): VisitorClaims | undefined {
  const token = BEARER.exec(header ?? '')?.[1];
  if (!token) return undefined;
  const result = verifyToken(token, config.sessionKeys, { origin, nowSeconds });
  return result.ok ? result.claims : undefined;
}
