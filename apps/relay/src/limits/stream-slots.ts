import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HttpError } from '../http/http-error.js';

/** One concurrency cap: at most `limit` streams open at once under `key`. */
export interface SlotRule {
  key: string;
  limit: number;
}

/**
 * Slots held by open answer streams. A slot is a lease that ends at `expiresAt` even if its
 * holder never releases it (an instance that crashed mid-answer), so a count can never stay stuck.
 */
export interface SlotStore {
  /** Takes a slot under every rule's key, or none when any is full; true when taken. */
  acquire(rules: readonly SlotRule[], holder: string, nowMs: number, expiresAt: number): Promise<boolean>;
  release(keys: readonly string[], holder: string): Promise<void>;
}

export function memorySlotStore(): SlotStore {
  const slots = new Map<string, Map<string, number>>();
  const live = (key: string, nowMs: number) => {
    const held = slots.get(key);
    if (!held) return 0;
    for (const [holder, expiresAt] of held) if (expiresAt <= nowMs) held.delete(holder);
    if (held.size === 0) slots.delete(key);
    return held.size;
  };
  return {
    async acquire(rules, holder, nowMs, expiresAt) {
      if (rules.some((rule) => live(rule.key, nowMs) >= rule.limit)) return false;
      for (const { key } of rules) {
        const held = slots.get(key) ?? new Map<string, number>();
        held.set(holder, expiresAt);
        slots.set(key, held);
      }
      return true;
    },
    async release(keys, holder) {
      for (const key of keys) {
        const held = slots.get(key);
        held?.delete(holder);
        if (held?.size === 0) slots.delete(key);
      }
    },
  };
}

// All keys checked and taken in one step, so two instances cannot both take the last slot.
const ACQUIRE = `
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if redis.call('ZCARD', key) >= tonumber(ARGV[4 + i]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ARGV[4])
end
return 1`;

/** Shared by every instance behind the load balancer: a visitor's streams may land on any of them. */
export function redisSlotStore(redis: Redis, prefix: string): SlotStore {
  const full = (key: string) => `${prefix}streams:${key}`;
  return {
    async acquire(rules, holder, nowMs, expiresAt) {
      const result = await redis.eval(
        ACQUIRE,
        rules.length,
        ...rules.map((r) => full(r.key)),
        String(nowMs),
        String(expiresAt),
        holder,
        String(Math.max(1, expiresAt - nowMs)),
        ...rules.map((r) => String(r.limit)),
      );
      return Number(result) === 1;
    },
    async release(keys, holder) {
      const multi = redis.multi();
      for (const key of keys) multi.zrem(full(key), holder);
      await multi.exec();
    },
  };
}

export interface StreamSlotsOptions {
  store: SlotStore;
  perVisitor: number;
  perIp: number;
  /** Longest a stream can hold its slot: its lifetime plus the waits before it starts. */
  leaseMs: number;
  now?: () => number;
  onStoreError?: (error: unknown) => void;
}

/** Releases a taken slot; safe to call more than once. */
export type ReleaseSlot = () => Promise<void>;

const RETRY_AFTER_SECONDS = 5;

/**
 * Caps the answer streams open at once per visitor and per client address: a slow upstream must
 * not let one address hold dozens of streams (and their upstream connections) open. Refusals are
 * 429 with Retry-After. Like the rate limits, it fails open when the shared store is down.
 */
export function streamSlots({
  store,
  perVisitor,
  perIp,
  leaseMs,
  now = Date.now,
  onStoreError = () => undefined,
}: StreamSlotsOptions) {
  return async function take(visitor: string, ip: string): Promise<ReleaseSlot> {
    const rules: SlotRule[] = [
      { key: `visitor:${visitor}`, limit: perVisitor },
      { key: `ip:${ip}`, limit: perIp },
    ];
    const holder = randomUUID();
    const at = now();
    let taken: boolean;
    try {
      taken = await store.acquire(rules, holder, at, at + leaseMs);
    } catch (error) {
      onStoreError(error);
      return async () => undefined;
    }
    if (!taken) {
      throw new HttpError('rate_limited', 'Too many answers at once; please wait for one to finish.', {
        retryAfter: RETRY_AFTER_SECONDS,
      });
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await store
        .release(
          rules.map((r) => r.key),
          holder,
        )
        .catch(onStoreError);
    };
  };
}

export type StreamSlots = ReturnType<typeof streamSlots>;
