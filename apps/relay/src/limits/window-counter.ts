import type { Redis } from 'ioredis';

/** Counts admissions per fixed wall-clock minute, like the upstream's limiter does. */
export interface WindowCounter {
  /**
   * Adds one to `window`'s count and returns the new count: the whole relay's count, or with
   * `scope` (e.g. `ip:<address>`) a separate count of that scope.
   */
  increment(window: number, scope?: string): Promise<number>;
}

export function memoryWindowCounter(): WindowCounter {
  // Only the current window matters: a new window starts every count afresh.
  let current = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    async increment(window, scope = '') {
      if (window > current) {
        current = window;
        counts = new Map();
      }
      // An older window (a clock set back) is counted apart, until the next window clears it.
      const key = window === current ? scope : `${window}|${scope}`;
      const next = (counts.get(key) ?? 0) + 1;
      counts.set(key, next);
      return next;
    },
  };
}

/** Shared by all instances: the upstream budget belongs to the account, not to one relay. */
export function redisWindowCounter(redis: Redis, prefix: string): WindowCounter {
  return {
    async increment(window, scope) {
      const key = scope ? `${prefix}admission:${scope}:${window}` : `${prefix}admission:${window}`;
      const result = await redis.multi().incr(key).pexpire(key, 120_000).exec();
      const count = result?.[0]?.[1];
      if (typeof count !== 'number') throw new Error('Redis did not count the admission.');
      return count;
    },
  };
}
