import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, ipHash, keyedHash } from './crypto.js';
import { normalizeDestination } from './destination.js';

describe('normalizeDestination', () => {
  it('gives one form for the same phone typed several ways', () => {
    for (const typed of ['(555) 010-0123', '555.010.0123', '+1 555 010 0123', '15550100123']) {
      expect(normalizeDestination('sms', typed)).toBe('+15550100123');
    }
    expect(normalizeDestination('sms', '+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what is not a phone or an e-mail', () => {
    expect(normalizeDestination('sms', '12345')).toBeUndefined();
    expect(normalizeDestination('sms', 'call me')).toBeUndefined();
    expect(normalizeDestination('sms', 5550100123)).toBeUndefined();
    expect(normalizeDestination('email', 'a@b')).toBeUndefined();
    expect(normalizeDestination('email', 'two words@example.org')).toBeUndefined();
    expect(normalizeDestination('email', ' Ana@Example.ORG ')).toBe('ana@example.org');
  });
});

describe('destination crypto', () => {
  const key = Buffer.alloc(32, 7);

  it('seals with a random IV and opens again', () => {
    const a = encrypt(key, '+15550100123');
    const b = encrypt(key, '+15550100123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('555');
    expect(decrypt(key, a)).toBe('+15550100123');
  });

  it('refuses a tampered value', () => {
    const sealed = encrypt(key, 'ana@example.org');
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decrypt(key, `${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow();
  });

  it('keeps keyed hashes of different purposes apart and groups IPv6 by /56', () => {
    expect(keyedHash(key, 'case', 'X')).not.toBe(keyedHash(key, 'destination', 'X'));
    expect(keyedHash(key, 'case', 'X')).toMatch(/^[0-9a-f]{32}$/);
    expect(ipHash(key, '2001:db8:1:100::1')).toBe(ipHash(key, '2001:db8:1:1ff::2'));
    expect(ipHash(key, '2001:db8:1:100::1')).not.toBe(ipHash(key, '2001:db8:1:200::1'));
  });
});
