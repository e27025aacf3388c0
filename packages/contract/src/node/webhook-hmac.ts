import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  formatSignatureHeader,
  parseSignatureHeader,
  SIGNATURE_TOLERANCE_SECONDS,
  type SignatureCheck,
} from '../webhook-signature.js';

// Synchronous HMAC with node:crypto: the dispatcher that signs and the receiver that verifies are Node
// servers that sign inside synchronous code paths; Web Crypto would make both of them async.

/** Hex HMAC-SHA256 keyed with `secret` over `<timestamp>.<raw body>`: the header's v1 value. */
export function webhookHmac(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The whole `X-SVC-Signature` value for one delivery attempt. */
export function signWebhook(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  return formatSignatureHeader(timestamp, webhookHmac(secret, timestamp, rawBody));
}

/**
 * Verifies the contract's webhook signature over the raw bytes, compared in constant time, with the
 * timestamp within ±`toleranceSeconds` of `now` (future ones too, so a captured request cannot be
 * pre-dated for a later replay).
 */
export function verifyWebhookSignature(
  header: string | undefined,
  rawBody: string | Uint8Array,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, status: 401, reason: 'missing' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, status: 400, reason: 'malformed' };
  const skew = Math.floor(now.getTime() / 1000) - parsed.timestamp;
  if (skew > toleranceSeconds) return { ok: false, status: 401, reason: 'stale' };
  if (skew < -toleranceSeconds) return { ok: false, status: 401, reason: 'future' };
  const expected = Buffer.from(webhookHmac(secret, parsed.timestamp, rawBody), 'hex');
  const match = parsed.signatures.some((candidate) =>
    timingSafeEqual(Buffer.from(candidate, 'hex'), expected),
  );
  return match ? { ok: true, timestamp: parsed.timestamp } : { ok: false, status: 401, reason: 'mismatch' };
}
