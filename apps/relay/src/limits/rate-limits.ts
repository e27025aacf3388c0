import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { HttpError } from '../http/http-error.js';
import type { VisitorClaims } from '../sessions/token.js';

export interface LimiterFactoryOptions {
  redis: Redis | undefined;
  prefix: string;
  now?: () => number;
}

/** One fixed-window limit: at most `limit` requests per `windowMs` for each `key`. */
export interface LimitRule {
  /** Names the counters (and the policy in the `RateLimit` headers); one store per name. */
  name: string;
  limit: number;
  windowMs?: number;
  key: (req: Request) => string;
}

interface BoundRule extends Required<LimitRule> {
  store: Store;
  policy: string;
}

/**
 * Rate limits on express-rate-limit's counters (its MemoryStore, or rate-limit-redis so a limit
 * holds across every relay instance behind a load balancer), several rules checked in one
 * middleware. The answer path carries three limits (IP, visitor, messages); three separate
 * express-rate-limit middleware cost a measurable share of the relay's time per answer, while the
 * counting itself is cheap. Rules are checked in order and the first one exceeded answers 429 with
 * `Retry-After`, so a refused request is not counted by the rules after it, as with a chain.
 * Headers follow the IETF RateLimit draft 8 (`RateLimit-Policy`, `RateLimit`), one item per rule.
 */
export function limiterFactory({ redis, prefix, now = Date.now }: LimiterFactoryOptions) {
  const stores = new Map<string, Store>();
  const storeFor = (name: string, windowMs: number): Store => {
    let store = stores.get(name);
    if (!store) {
      store = redis ? redisStore(redis, `${prefix}rl:${name}:`) : new MemoryStore();
      store.init?.({ windowMs } as Options);
      stores.set(name, store);
    }
    return store;
  };

  return function limits(...rules: LimitRule[]): RequestHandler {
    const bound: BoundRule[] = rules.map(({ name, limit, windowMs = 60_000, key }) => ({
      name,
      limit,
      windowMs,
      key,
      store: storeFor(name, windowMs),
      policy: `"${name}";q=${limit};w=${Math.ceil(windowMs / 1000)}`,
    }));
    return async (req, res, next) => {
      // Collected, then set once per header: the answer path's hottest headers.
      const policies: string[] = [];
      const states: string[] = [];
      for (const rule of bound) {
        let hits: number;
        let resetTime: Date | undefined;
        try {
          ({ totalHits: hits, resetTime } = await rule.store.increment(rule.key(req)));
        } catch {
          // A Redis outage should not take the widget down with it; the admission controller and
          // the upstream's own limits still stand.
          continue;
        }
        const resetSeconds = resetTime
          ? Math.max(0, Math.ceil((resetTime.getTime() - now()) / 1000))
          : Math.ceil(rule.windowMs / 1000);
        policies.push(rule.policy);
        states.push(`"${rule.name}";r=${Math.max(0, rule.limit - hits)};t=${resetSeconds}`);
        if (hits > rule.limit) {
          announce(res, policies, states);
          next(
            new HttpError('rate_limited', 'Too many requests; please wait.', {
              retryAfter: Math.max(1, resetSeconds),
            }),
          );
          return;
        }
      }
      announce(res, policies, states);
      next();
    };
  };
}

function redisStore(redis: Redis, prefix: string): RedisStore {
  const store = new RedisStore({
    prefix,
    sendCommand: (command: string, ...args: string[]) =>
      redis.call(command, ...args) as Promise<number | string | (number | string)[]>,
  });
  // The store loads its Lua scripts as it is built and keeps the promises for its first count.
  // With Redis down at start they reject before anyone awaits them, and an unhandled rejection
  // would end the process, while an unreachable Redis is meant to fail open (the count retries
  // the load and fails, and the request passes).
  store.incrementScriptSha.catch(() => undefined);
  store.getScriptSha.catch(() => undefined);
  return store;
}

/** Adds this middleware's items to any an earlier one set, as `res.append` would, in one set each. */
function announce(res: Response, policies: string[], states: string[]): void {
  if (policies.length === 0) return;
  res.setHeader('RateLimit-Policy', appended(res.getHeader('RateLimit-Policy'), policies));
  res.setHeader('RateLimit', appended(res.getHeader('RateLimit'), states));
}

function appended(previous: ReturnType<Response['getHeader']>, items: string[]): string | string[] {
  if (previous === undefined) return items.length === 1 ? (items[0] as string) : items;
  return [...(Array.isArray(previous) ? previous : [String(previous)]), ...items];
}

/** The client address (after the configured proxy hops), IPv6 grouped by /56 (one household). */
export const byIp = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown', 56);

/** The visitor of a verified token; only used after `requireVisitor`. */
export const byVisitor = (req: Request): string => {
  const visitor = (req.res?.locals.visitor as VisitorClaims | undefined)?.vid;
  return visitor ?? `ip:${byIp(req)}`;
};
