import { describe, expect, it } from 'vitest';
import { sessionKey } from '../config.js';
import { mintToken, newVisitorId, verifyToken } from './token.js';

const key = sessionKey('k'.repeat(40));
const claims = { vid: newVisitorId(), org: 'https://court.example', iat: 100, exp: 200 };
const ctx = { origin: 'https://court.example', nowSeconds: 150 };

describe('visitor tokens', () => {
  it('makes 128-bit random visitor ids', () => {
    expect(newVisitorId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newVisitorId()).not.toBe(newVisitorId());
  });

  it('verifies its own token and returns the claims', () => {
    expect(verifyToken(mintToken(key, claims), [key], ctx)).toEqual({ ok: true, claims });
  });

  it('accepts a token of a rotated-out key that is still listed', () => {
    const next = sessionKey('n'.repeat(40));
    expect(verifyToken(mintToken(key, claims), [next, key], ctx).ok).toBe(true);
    expect(verifyToken(mintToken(key, claims), [next], ctx)).toEqual({ ok: false, reason: 'unknown_key' });
  });

  it.each([
    ['expired', { ...ctx, nowSeconds: 200 }],
    ['wrong_origin', { ...ctx, origin: 'https://other.example' }],
  ])('refuses a token that is %s', (reason, context) => {
    expect(verifyToken(mintToken(key, claims), [key], context)).toEqual({ ok: false, reason });
  });

  it('refuses tampered claims and malformed tokens', () => {
    const [v, kid, , sig] = mintToken(key, claims).split('.');
    const tampered = Buffer.from(JSON.stringify({ ...claims, vid: 'someone-else' })).toString('base64url');
    expect(verifyToken(`${v}.${kid}.${tampered}.${sig}`, [key], ctx)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyToken('a.b.c', [key], ctx)).toEqual({ ok: false, reason: 'malformed' });
  });
});
