import { getAccount } from '../accounts/accounts.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { secondsToUtcMidnight, tokensUsedToday } from './usage.js';

export interface LimitDecision {
  /** RateLimit-* headers for this response. */
  headers: Record<string, string>;
  /** Set when the request must be refused. */
  error: HttpError | null;
}

/**
 * Per-account limits checked after authentication and scope: requests per minute in fixed 60 s
 * wall-clock windows (every request counts, also the refused ones) and the daily token quota.
 */
export function createRateLimiter({ db, now }: { db: Db; now: () => Date }) {
  const bump = db.prepare(
    `INSERT INTO rate_windows (account_id, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (account_id, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
  );
  const prune = db.prepare('DELETE FROM rate_windows WHERE window_start < ?');
  let lastPrune = 0;

  return function hit(accountId: string): LimitDecision {
    const at = now();
    const seconds = Math.floor(at.getTime() / 1000);
    const windowStart = seconds - (seconds % 60);
    const resetIn = Math.max(1, windowStart + 60 - seconds);
    if (windowStart - lastPrune >= 600) {
      prune.run(windowStart - 3600);
      lastPrune = windowStart;
    }
    const account = getAccount(db, accountId);
    if (!account) throw new Error('account vanished after authentication');
    const count = (bump.get(accountId, windowStart) as { count: number }).count;
    const limit = account.rpmLimit;
    const headers = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - count)),
      'RateLimit-Reset': String(resetIn),
    };
    if (count > limit) {
      headers['RateLimit-Remaining'] = '0';
      return {
        headers,
        error: new HttpError(
          429,
          `Rate limit reached: ${limit} requests per minute. Retry after ${resetIn} seconds.`,
          {
            code: 'rate_limit_exceeded',
            headers: { ...headers, 'Retry-After': String(resetIn) },
          },
        ),
      };
    }
    if (tokensUsedToday(db, accountId, at) >= account.dailyTokenQuota) {
      const untilMidnight = secondsToUtcMidnight(at);
      const quotaHeaders = {
        ...headers,
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(untilMidnight),
      };
      return {
        headers: quotaHeaders,
        error: new HttpError(
          429,
          `Daily token quota of ${account.dailyTokenQuota} tokens used up; it resets at midnight UTC.`,
          { code: 'insufficient_quota', headers: { ...quotaHeaders, 'Retry-After': String(untilMidnight) } },
        ),
      };
    }
    return { headers, error: null };
  };
}
