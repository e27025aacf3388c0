import type { HeaderReader } from './node-request.js';
/** The upstream account's request budget as last reported by the `RateLimit-*` headers. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Seconds until the current window (or, on a daily-quota 429, the quota) resets. */
  resetSeconds: number;
  /** Epoch milliseconds when the headers were read, so a reader can age `resetSeconds`. */
  observedAt: number;
}

function intHeader(headers: HeaderReader, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number.parseInt(raw, 10);
}

/**
 * Reads `RateLimit-Limit/Remaining/Reset`. All three or nothing: the contract omits them together
 * (401, 403, 413, limiter down), and a partial set would make callers guess.
 */
export function parseRateLimit(headers: HeaderReader, now: number = Date.now()): RateLimitInfo | null {
  const limit = intHeader(headers, 'ratelimit-limit');
  const remaining = intHeader(headers, 'ratelimit-remaining');
  const resetSeconds = intHeader(headers, 'ratelimit-reset');
  if (limit === null || remaining === null || resetSeconds === null) return null;
  return { limit, remaining, resetSeconds, observedAt: now };
}

/** `Retry-After` as whole seconds; the contract sends integers, an HTTP date is tolerated. */
export function parseRetryAfter(headers: HeaderReader, now: number = Date.now()): number | null {
  const raw = headers.get('retry-after');
  if (raw === null) return null;
  if (/^\s*\d+\s*$/.test(raw)) return Number.parseInt(raw, 10);
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
