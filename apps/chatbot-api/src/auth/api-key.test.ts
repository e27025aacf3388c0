import { describe, expect, it } from 'vitest';
import { generateApiKey, hashSecret, parseApiKey, randomBase62, verifySecret } from './api-key.js';

describe('generateApiKey', () => {
  it('issues svc_sk_ + 16-character id + 43-character base62 secret', () => {
    const { key, keyId, secret } = generateApiKey();
    expect(key).toHaveLength(66);
    expect(key).toMatch(/^svc_sk_[A-Za-z0-9]{59}$/);
    expect(key).toBe(`svc_sk_${keyId}${secret}`);
    expect(keyId).toHaveLength(16);
    expect(secret).toHaveLength(43);
    expect(generateApiKey().key).not.toBe(key);
  });

  it('draws every base62 character', () => {
    expect(new Set(randomBase62(5000)).size).toBe(62);
  });
});

describe('parseApiKey', () => {
  it('splits a well-formed key and rejects anything else', () => {
    const { key, keyId, secret } = generateApiKey();
    expect(parseApiKey(key)).toEqual({ keyId, secret });
    expect(parseApiKey(key.slice(0, -1))).toBeNull();
    expect(parseApiKey(`${key}x`)).toBeNull();
    expect(parseApiKey(key.replace('svc_sk_', 'svc_pk_'))).toBeNull();
    expect(parseApiKey(`${key.slice(0, -1)}!`)).toBeNull();
  });
});

describe('hashSecret / verifySecret', () => {
  it('stores a salted scrypt hash that verifies only the same secret', async () => {
    const hash = await hashSecret('s3cret');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('s3cret');
    expect(await hashSecret('s3cret')).not.toBe(hash);
    expect(await verifySecret('s3cret', hash)).toBe(true);
    expect(await verifySecret('s3creT', hash)).toBe(false);
    expect(await verifySecret('s3cret', 'garbage')).toBe(false);
  });
});
