import { describe, expect, it } from 'vitest';
import { ConnectionError, fromResponse, StreamError } from './errors.js';
import { isRetryable, retryDelayMs } from './retry.js';

const err = (status: number, code: string | null, retryAfter?: string) =>
  fromResponse(status, new Headers(retryAfter ? { 'retry-after': retryAfter } : {}), {
    error: { message: 'm', type: 't', param: null, code },
  });

describe('isRetryable', () => {
  it('retries rate_limit_exceeded, upstream_unavailable and 500', () => {
    for (const e of [err(429, 'rate_limit_exceeded'), err(503, 'upstream_unavailable'), err(500, null)]) {
      expect(isRetryable(e, { idempotent: false })).toBe(true);
    }
  });

  it('never retries quota, auth, scope, not-found, validation or stream errors', () => {
    for (const e of [
      err(429, 'insufficient_quota'),
      err(401, 'invalid_api_key'),
      err(403, 'insufficient_scope'),
      err(404, 'not_found'),
      err(404, 'model_not_found'),
      err(400, null),
      err(413, 'request_too_large'),
      new StreamError('x', { retryable: true }),
    ]) {
      expect(isRetryable(e, { idempotent: true })).toBe(false);
    }
  });

  it('retries a timed-out request only when it is idempotent', () => {
    const timeout = new ConnectionError('t', { timedOut: true });
    expect(isRetryable(timeout, { idempotent: true })).toBe(true);
    expect(isRetryable(timeout, { idempotent: false })).toBe(false);
    expect(isRetryable(new ConnectionError('refused'), { idempotent: false })).toBe(true);
  });
});

describe('retryDelayMs', () => {
  const policy = { maxRetries: 2, maxDelayMs: 10_000, baseDelayMs: 500, random: () => 1 };

  it('backs off exponentially with up to 25 % jitter', () => {
    expect(retryDelayMs(err(500, null), 0, policy)).toBe(625);
    expect(retryDelayMs(err(500, null), 2, policy)).toBe(2500);
    expect(retryDelayMs(err(500, null), 2, { ...policy, random: () => 0 })).toBe(2000);
  });

  it('waits at least Retry-After and gives up when it is longer than the cap', () => {
    expect(retryDelayMs(err(429, 'rate_limit_exceeded', '4'), 0, policy)).toBe(5000);
    expect(retryDelayMs(err(429, 'rate_limit_exceeded', '30'), 0, policy)).toBeNull();
  });
});
