import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader } from '../webhook-signature.js';
import { signWebhook, verifyWebhookSignature, webhookHmac } from './webhook-hmac.js';

const body = '{"event":"ingest.completed"}';
const now = new Date('2026-11-22T03:00:00Z');
const t = Math.floor(now.getTime() / 1000);

describe('signWebhook', () => {
  it('writes t and the hex HMAC-SHA256 of "<t>.<body>", as the contract states', () => {
    const expected = createHmac('sha256', 's3cret').update(`${t}.${body}`).digest('hex');
    expect(signWebhook('s3cret', t, body)).toBe(`t=${t},v1=${expected}`);
  });

  it('signs a string and the same bytes alike', () => {
    expect(webhookHmac('k', t, new TextEncoder().encode(body))).toBe(webhookHmac('k', t, body));
  });
});

describe('verifyWebhookSignature', () => {
  it('accepts what signWebhook wrote, over the same raw bytes', () => {
    const header = signWebhook('s3cret', t, body);
    expect(verifyWebhookSignature(header, Buffer.from(body), 's3cret', now)).toEqual({
      ok: true,
      timestamp: t,
    });
  });

  it('accepts any of several v1 values (secret rotation)', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${webhookHmac('s3cret', t, body)}`;
    expect(verifyWebhookSignature(header, body, 's3cret', now).ok).toBe(true);
  });

  it('rejects a body changed by one byte and a wrong secret', () => {
    const header = signWebhook('s3cret', t, body);
    expect(verifyWebhookSignature(header, `${body} `, 's3cret', now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyWebhookSignature(header, body, 'other', now)).toMatchObject({
      status: 401,
      reason: 'mismatch',
    });
  });

  it('rejects stale and future timestamps beyond 300 s, accepts exactly 300 s', () => {
    const at = (ts: number) => verifyWebhookSignature(signWebhook('s', ts, body), body, 's', now);
    expect(at(t - 301)).toMatchObject({ ok: false, reason: 'stale' });
    expect(at(t + 301)).toMatchObject({ ok: false, reason: 'future' });
    expect(at(t - 300).ok).toBe(true);
    expect(at(t + 300).ok).toBe(true);
  });

  it('separates missing (401) from malformed (400) headers', () => {
    expect(verifyWebhookSignature(undefined, body, 's', now)).toMatchObject({
      status: 401,
      reason: 'missing',
    });
    for (const header of [
      'garbage',
      't=1',
      `v1=${'a'.repeat(64)}`,
      't=x,v1=00',
      `t=1,t=2,v1=${'a'.repeat(64)}`,
    ]) {
      expect(verifyWebhookSignature(header, body, 's', now)).toMatchObject({
        status: 400,
        reason: 'malformed',
      });
    }
  });
});

describe('parseSignatureHeader', () => {
  it('ignores unknown schemes such as v0 and lower-cases v1', () => {
    expect(parseSignatureHeader(`t=5,v0=abc,v1=${'B'.repeat(64)}`)).toEqual({
      timestamp: 5,
      signatures: ['b'.repeat(64)],
    });
  });
});
