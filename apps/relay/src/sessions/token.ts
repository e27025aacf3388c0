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

export function verifyToken(
  token: string,
  keys: readonly SessionKey[],
  { origin, nowSeconds }: { origin: string; nowSeconds: number },
): { ok: true; claims: VisitorClaims } | { ok: false; reason: TokenFailure } {
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
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (claims.org !== origin) return { ok: false, reason: 'wrong_origin' };
  return { ok: true, claims };
}
