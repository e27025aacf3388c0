import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'svc_sk_';
export const KEY_ID_LENGTH = 16;
export const KEY_SECRET_LENGTH = 43;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PATTERN = new RegExp(
  `^${KEY_PREFIX}([A-Za-z0-9]{${KEY_ID_LENGTH}})([A-Za-z0-9]{${KEY_SECRET_LENGTH}})$`,
);

// scrypt cost: ~15-30 ms per verification, affordable because successes are cached (see key-verifier.ts).
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 } as const;

/** Uniform base62 from the CSPRNG; bytes >= 248 are dropped so no character is more likely than another. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export interface ParsedKey {
  keyId: string;
  secret: string;
}

/** Splits a full key into its id and secret; null when it does not have the contract's shape. */
export function parseApiKey(key: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  return { keyId: m[1]!, secret: m[2]! };
}

export function generateApiKey(): { key: string; keyId: string; secret: string } {
  const keyId = randomBase62(KEY_ID_LENGTH);
  const secret = randomBase62(KEY_SECRET_LENGTH);
  return { key: `${KEY_PREFIX}${keyId}${secret}`, keyId, secret };
}

function scryptAsync(secret: string, salt: Buffer, N: number, r: number, p: number, keylen: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(secret, salt, keylen, { N, r, p, maxmem: SCRYPT.maxmem }, (err, derived) =>
      err ? reject(err) : resolve(derived),
    );
  });
}

/** Self-describing hash `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old keys. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const derived = await scryptAsync(secret, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    derived.toString('base64url'),
  ].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const derived = await scryptAsync(
    secret,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}
