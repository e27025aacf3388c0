// The `X-SVC-Signature` header of webhook deliveries (shared/spec/chatbot-api.md, "Events"):
// `t=<unix seconds>,v1=<hex HMAC-SHA256 keyed with the signing secret over "<t>.<raw body>">`.
// Only the header's text lives here; computing the HMAC is in `@amicus/contract/node` (see README).

export const SIGNATURE_HEADER = 'x-svc-signature';

/** How far a delivery's timestamp may be from the receiver's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; status: 400 | 401; reason: 'missing' | 'malformed' | 'stale' | 'future' | 'mismatch' };

export function formatSignatureHeader(timestamp: number, v1: string): string {
  return `t=${timestamp},v1=${v1}`;
}

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
