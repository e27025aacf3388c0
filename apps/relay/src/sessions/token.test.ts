import { describe, expect, it } from 'vitest';
import { sessionKey } from '../config.js';
import { mintToken, newVisitorId, tokenVerifier, verifyToken } from './token.js';

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

describe('tokenVerifier', () => {
  it('accepts a token again without losing the expiry or origin check', () => {
    const verify = tokenVerifier([key]);
    const token = mintToken(key, claims);
    expect(verify(token, ctx)).toEqual({ ok: true, claims });
    expect(verify(token, ctx)).toEqual({ ok: true, claims });
    expect(verify(token, { ...ctx, origin: 'https://other.example' })).toEqual({
      ok: false,
      reason: 'wrong_origin',
    });
    expect(verify(token, { ...ctx, nowSeconds: 200 })).toEqual({ ok: false, reason: 'expired' });
    expect(verify(token, ctx)).toEqual({ ok: true, claims });
  });

  it('refuses a forged token every time, also after the genuine one was accepted', () => {
    const verify = tokenVerifier([key]);
    const token = mintToken(key, claims);
    const [v, kid, , sig] = token.split('.');
    const forged = `${v}.${kid}.${Buffer.from(JSON.stringify({ ...claims, vid: 'x' })).toString('base64url')}.${sig}`;
    expect(verify(token, ctx).ok).toBe(true);
    expect(verify(forged, ctx)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verify(forged, ctx)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('still verifies tokens beyond the number it remembers', () => {
    const verify = tokenVerifier([key], { max: 2 });
    const tokens = [1, 2, 3].map((n) => mintToken(key, { ...claims, vid: `visitor-${n}` }));
    for (const token of [...tokens, ...tokens]) expect(verify(token, ctx).ok).toBe(true);
    expect(verify(mintToken(sessionKey('z'.repeat(40)), claims), ctx)).toEqual({
      ok: false,
      reason: 'unknown_key',
    });
  });
});
