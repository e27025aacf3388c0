import { ChatbotApiError, ConnectionError, StreamError } from './errors.js';

export interface RetryPolicy {
  maxRetries: number;
  /** Longest wait the client accepts; a longer `Retry-After` is handed to the caller instead. */
  maxDelayMs: number;
  baseDelayMs: number;
  random: () => number;
}

/** Codes the contract says must never be retried unchanged. */
const NEVER_RETRY = new Set([
  'invalid_api_key',
  'insufficient_scope',
  'model_not_found',
  'not_found',
  'tool_not_allowed',
  'request_too_large',
  // Only worth retrying after the daily reset, which is hours away: the caller decides.
  'insufficient_quota',
]);

/**
 * Whether a failed attempt may be repeated, per the contract's retry guidance. Stream errors never
 * are: a retry mid-stream would replay text the caller already forwarded.
 */
export function isRetryable(error: unknown, { idempotent }: { idempotent: boolean }): boolean {
  if (error instanceof StreamError) return false;
  if (error instanceof ConnectionError) {
    // A timed-out POST may have been processed; repeating it could store a turn twice.
    return idempotent || !error.timedOut;
  }
  if (!(error instanceof ChatbotApiError)) return false;
  if (error.code !== null && NEVER_RETRY.has(error.code)) return false;
  const status = error.status ?? 0;
  return status === 429 || status >= 500;
}

/**
 * Delay before retry number `attempt` (0-based): exponential backoff with jitter, never shorter
 * than the server's `Retry-After`. Returns null when the wait exceeds `maxDelayMs`.
 */
export function retryDelayMs(error: unknown, attempt: number, policy: RetryPolicy): number | null {
  const backoff = Math.min(policy.baseDelayMs * 2 ** attempt, 8_000);
  const retryAfterMs =
    error instanceof ChatbotApiError && error.retryAfter !== null ? error.retryAfter * 1000 : 0;
  const floor = Math.max(backoff, retryAfterMs);
  // Jitter spreads simultaneous retries of many callers over a quarter of the delay.
  const delay = Math.round(floor + floor * 0.25 * policy.random());
  return retryAfterMs > policy.maxDelayMs ? null : Math.min(delay, policy.maxDelayMs);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
