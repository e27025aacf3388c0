import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * Keyed hash (HMAC-SHA-256) with a purpose label, so a hash of one kind (a case number) can never be
 * matched against another (a phone). Hex, shortened to 32 characters: enough to never collide here.
 */
export function keyedHash(key: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${value}`).digest('hex').slice(0, 32);
}

/** The keyed hash of a client address grouped by IPv6 /56 (one household), as the consent log keeps it. */
export function ipHash(key: Buffer, ip: string | undefined): string {
  return keyedHash(key, 'ip56', ipKeyGenerator(ip ?? 'unknown', 56));
}

/** AES-256-GCM with a random 96-bit IV per value: `iv.tag.ciphertext`, base64url. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('Malformed sealed value.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** Six digits from a CSPRNG, leading zeros kept. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
