import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, sign, verifySignature } from './signature.js';

const body = Buffer.from('{"event":"ingest.completed"}');
const now = new Date('2026-11-22T03:00:00Z');
const t = Math.floor(now.getTime() / 1000);

describe('verifySignature', () => {
  it('accepts a signature over t.body with the shared secret', () => {
    expect(verifySignature(`t=${t},v1=${sign('s3cret', t, body)}`, body, 's3cret', now)).toEqual({
      ok: true,
      timestamp: t,
    });
  });

  it('accepts any of several v1 values (secret rotation)', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${sign('s3cret', t, body)}`;
    expect(verifySignature(header, body, 's3cret', now).ok).toBe(true);
  });

  it('rejects a body changed by one byte', () => {
    const header = `t=${t},v1=${sign('s3cret', t, body)}`;
    expect(verifySignature(header, Buffer.from(`${body} `), 's3cret', now)).toMatchObject({
      reason: 'mismatch',
    });
  });

  it('rejects stale and future timestamps beyond 300 s, accepts exactly 300 s', () => {
    const at = (ts: number) => verifySignature(`t=${ts},v1=${sign('s3cret', ts, body)}`, body, 's3cret', now);
    expect(at(t - 301)).toMatchObject({ ok: false, reason: 'stale' });
    expect(at(t + 301)).toMatchObject({ ok: false, reason: 'future' });
    expect(at(t - 300).ok).toBe(true);
    expect(at(t + 300).ok).toBe(true);
  });

  it('separates missing (401) from malformed (400) headers', () => {
    expect(verifySignature(undefined, body, 's', now)).toMatchObject({ status: 401, reason: 'missing' });
    for (const header of [
      'garbage',
      't=1',
      `v1=${'a'.repeat(64)}`,
      't=x,v1=00',
      `t=1,t=2,v1=${'a'.repeat(64)}`,
    ]) {
      expect(verifySignature(header, body, 's', now)).toMatchObject({ status: 400, reason: 'malformed' });
    }
  });
});

describe('parseSignatureHeader', () => {
  it('ignores unknown schemes such as v0', () => {
    expect(parseSignatureHeader(`t=5,v0=abc,v1=${'b'.repeat(64)}`)).toEqual({
      timestamp: 5,
      signatures: ['b'.repeat(64)],
    });
  });
});
