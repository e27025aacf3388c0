import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOLERANCE_SECONDS = 300;

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; status: 400 | 401; reason: 'missing' | 'malformed' | 'stale' | 'future' | 'mismatch' };

/** `t=<seconds>,v1=<hex>[,v1=<hex>…]`; several v1 values are allowed while a secret is rotated. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function sign(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * Verifies the contract's webhook signature over the raw bytes: HMAC-SHA256 of `t + "." + body`,
 * compared in constant time, with the timestamp within ±300 s of our clock (future ones too, so a
 * captured request cannot be pre-dated for a later replay).
 */
export function verifySignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
  toleranceSeconds = TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, status: 401, reason: 'missing' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, status: 400, reason: 'malformed' };
  const skew = Math.floor(now.getTime() / 1000) - parsed.timestamp;
  if (skew > toleranceSeconds) return { ok: false, status: 401, reason: 'stale' };
  if (skew < -toleranceSeconds) return { ok: false, status: 401, reason: 'future' };
  const expected = Buffer.from(sign(secret, parsed.timestamp, rawBody), 'hex');
  const match = parsed.signatures.some((candidate) =>
    timingSafeEqual(Buffer.from(candidate, 'hex'), expected),
  );
  return match ? { ok: true, timestamp: parsed.timestamp } : { ok: false, status: 401, reason: 'mismatch' };
}
