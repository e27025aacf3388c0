import { HttpError } from './http-error.js';

const MESSAGES: Record<number, string> = {
  429: 'Account rate limit reached.',
  500: 'API error.',
  503: 'Service unavailable.',
  504: 'Gateway timeout.',
};

/**
 * Failures the test harness asks for, answered in place of the next requests (after routing, before
 * authentication), so other packages can test their handling of the contract's 429/500/503/504 against
 * the real server. Production deps have none.
 */
export function createFaultQueue() {
  const queue: { status: number; remaining: number }[] = [];
  return {
    /** The next `times` requests answer `status` (with `Retry-After: 60` for 429 and 503). */
    push(status: 429 | 500 | 503 | 504, times = 1): void {
      queue.push({ status, remaining: times });
    },
    take(): HttpError | null {
      const head = queue[0];
      if (!head) return null;
      head.remaining--;
      if (head.remaining <= 0) queue.shift();
      const retry = head.status === 429 || head.status === 503 ? { 'Retry-After': '60' } : undefined;
      return new HttpError(head.status, MESSAGES[head.status] ?? 'Error.', retry ? { headers: retry } : {});
    },
  };
}

export type FaultQueue = ReturnType<typeof createFaultQueue>;
