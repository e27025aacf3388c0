import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionKey } from '../config.js';

/** What a valid visitor token proves. */
export interface VisitorClaims {
  /** 128-bit random visitor id, made by the relay (never by the browser). */
  vid: string;
  /** The page origin the token was minted for; a token is only accepted from it. */
  org: string;
  iat: number;
  exp: number;
}

export type TokenFailure = 'malformed' | 'unknown_key' | 'bad_signature' | 'expired' | 'wrong_origin';

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const sign = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

export function newVisitorId(): string {
  return randomBytes(16).toString('hex');
}

/** `v1.<kid>.<claims>.<hmac>`: compact, and the kid picks the secret so secrets can rotate. */
export function mintToken(key: SessionKey, claims: VisitorClaims): string {
  const input = `v1.${key.kid}.${b64(JSON.stringify(claims))}`;
  return `${input}.${b64(sign(key.secret, input))}`;
}

export type TokenResult = { ok: true; claims: VisitorClaims } | { ok: false; reason: TokenFailure };

export function verifyToken(
  token: string,
  keys: readonly SessionKey[],
  context: { origin: string; nowSeconds: number },
): TokenResult {
  const signed = verifySignature(token, keys);
  return signed.ok ? checkClaims(signed.claims, context) : signed;
}

/**
 * `verifyToken` for the request path: the claims of a token whose signature checked out are
 * remembered (at most `max` tokens, oldest dropped first), so a visitor's next question costs a
 * lookup instead of an HMAC and a decode. Only what cannot change is remembered: the keys are the
 * configuration's and fixed while the relay runs, and expiry and origin are checked on every call.
 * A token that fails is never remembered, so a forged one always takes the full check.
 */
export function tokenVerifier(
  keys: readonly SessionKey[],
  { max = 10_000 }: { max?: number } = {},
): (token: string, context: { origin: string; nowSeconds: number }) => TokenResult {
  const signed = new Map<string, VisitorClaims>();
  return (token, context) => {
    let claims = signed.get(token);
    if (claims === undefined) {
      const result = verifySignature(token, keys);
      if (!result.ok) return result;
      claims = Object.freeze(result.claims);
      if (signed.size >= max) signed.delete(signed.keys().next().value as string);
      signed.set(token, claims);
    }
    const checked = checkClaims(claims, context);
    if (!checked.ok && checked.reason === 'expired') signed.delete(token);
    return checked;
  };
}

/** The signature and the shape of the claims: what a token proves whatever the request. */
function verifySignature(token: string, keys: readonly SessionKey[]): TokenResult {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return { ok: false, reason: 'malformed' };
  const [version, kid, payload, signature] = parts as [string, string, string, string];
  const key = keys.find((k) => k.kid === kid);
  if (!key) return { ok: false, reason: 'unknown_key' };
  const expected = sign(key.secret, `${version}.${kid}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  let claims: VisitorClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VisitorClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.vid !== 'string' || typeof claims.exp !== 'number' || typeof claims.org !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  return { ok: true, claims };
}

/** What depends on the request and the time: expiry and the calling origin. */
function checkClaims(
  claims: VisitorClaims,
  { origin, nowSeconds }: { origin: string; nowSeconds: number },
): TokenResult {
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (claims.org !== origin) return { ok: false, reason: 'wrong_origin' };
  return { ok: true, claims };
}
