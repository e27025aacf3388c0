import type { Redis } from 'ioredis';

/** Counts admissions per fixed wall-clock minute, like the upstream's limiter does. */
export interface WindowCounter {
  /** Adds one to `window`'s count and returns the new count. */
  increment(window: number): Promise<number>;
}

export function memoryWindowCounter(): WindowCounter {
  const counts = new Map<number, number>();
  return {
    async increment(window) {
      for (const key of counts.keys()) if (key < window) counts.delete(key);
      const next = (counts.get(window) ?? 0) + 1;
      counts.set(window, next);
      return next;
    },
  };
}

/** Shared by all instances: the upstream budget belongs to the account, not to one relay. */
export function redisWindowCounter(redis: Redis, prefix: string): WindowCounter {
  return {
    async increment(window) {
      const key = `${prefix}admission:${window}`;
      const result = await redis.multi().incr(key).pexpire(key, 120_000).exec();
      const count = result?.[0]?.[1];
      if (typeof count !== 'number') throw new Error('Redis did not count the admission.');
      return count;
    },
  };
}
