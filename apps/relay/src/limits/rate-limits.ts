import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { HttpError } from '../http/http-error.js';
import type { VisitorClaims } from '../sessions/token.js';

export interface LimiterFactoryOptions {
  redis: Redis | undefined;
  prefix: string;
  now?: () => number;
}

/**
 * Builds express-rate-limit middleware that share counters through Redis when configured, so a
 * limit holds across every relay instance behind a load balancer.
 */
export function limiterFactory({ redis, prefix, now = Date.now }: LimiterFactoryOptions) {
  const store = (name: string): Store | undefined =>
    redis
      ? new RedisStore({
          prefix: `${prefix}rl:${name}:`,
          sendCommand: (command: string, ...args: string[]) =>
            redis.call(command, ...args) as Promise<number | string | (number | string)[]>,
        })
      : undefined;

  return function limiter(
    name: string,
    { limit, windowMs = 60_000, key }: { limit: number; windowMs?: number; key: (req: Request) => string },
  ): RequestHandler {
    const s = store(name);
    return rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      identifier: name,
      legacyHeaders: false,
      keyGenerator: key,
      ...(s ? { store: s } : {}),
      // A Redis outage should not take the widget down with it; the admission controller and the
      // upstream's own limits still stand.
      passOnStoreError: true,
      handler: (req, _res, next) => {
        const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
        const retryAfter = reset ? Math.max(1, Math.ceil((reset.getTime() - now()) / 1000)) : 60;
        next(new HttpError('rate_limited', 'Too many requests; please wait.', { retryAfter }));
      },
    });
  };
}

/** The client address (after the configured proxy hops), IPv6 grouped by /56 (one household). */
export const byIp = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown', 56);

/** The visitor of a verified token; only used after `requireVisitor`. */
export const byVisitor = (req: Request): string => {
  const visitor = (req.res?.locals.visitor as VisitorClaims | undefined)?.vid;
  return visitor ?? `ip:${byIp(req)}`;
};
