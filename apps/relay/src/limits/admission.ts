import type { RateLimitInfo } from '@amicus/chatbot-client';
import { HttpError } from '../http/http-error.js';
import type { WindowCounter } from './window-counter.js';

export interface AdmissionOptions {
  counter: WindowCounter;
  /** The configured upstream requests per minute. */
  requestsPerMinute: number;
  /** Most requests allowed to wait at once; beyond it requests are refused at once. */
  queueSize: number;
  /** Longest a request waits for a slot before it is refused. */
  maxWaitMs: number;
  /**
   * Share of the budget one client address may take per minute (1 = no cap of its own), so one
   * address cannot spend the minute every other visitor of the court needs.
   */
  ipShare?: number;
  now?: () => number;
}

interface Waiter {
  key: string;
  resolve: () => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

const WINDOW_MS = 60_000;
/** The longest wait an upstream may impose: its daily quota resets within a day. */
const MAX_BLOCK_SECONDS = 86_400;

/**
 * Keeps the relay inside the upstream account's requests per minute. Requests that find the
 * minute spent wait in a bounded queue served round-robin per visitor (one visitor's burst cannot
 * starve the others), then get 429 with Retry-After. Upstream `RateLimit-*` headers tighten the
 * budget when the account's real limit is lower, or when other clients of the account spent it.
 */
export class AdmissionController {
  private readonly queues = new Map<string, Waiter[]>();
  private order: string[] = [];
  private waiting = 0;
  private upstreamLimit: number | null = null;
  private blockedUntil = 0;
  private pumpTimer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? Date.now;
  }

  get budget(): number {
    return Math.min(this.options.requestsPerMinute, this.upstreamLimit ?? Number.POSITIVE_INFINITY);
  }

  get queued(): number {
    return this.waiting;
  }

  /** Feeds the upstream's view of the budget (from every upstream response). */
  observe(info: RateLimitInfo): void {
    // Untrusted like all upstream data: a limit of 0 would refuse everyone until the next header.
    if (Number.isSafeInteger(info.limit) && info.limit >= 1) this.upstreamLimit = info.limit;
    if (info.remaining === 0) this.block(info.resetSeconds);
  }

  /** The upstream refused with Retry-After: nothing gets through before then (a day at most). */
  block(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    const until = this.now() + Math.min(seconds, MAX_BLOCK_SECONDS) * 1000;
    this.blockedUntil = Math.max(this.blockedUntil, until);
  }

  /** The most one client address may take per minute, at least one. */
  get ipBudget(): number {
    return Math.max(1, Math.floor(this.budget * (this.options.ipShare ?? 1)));
  }

  /**
   * Waits for one upstream request's slot. `key` is the visitor (the fair queue's unit); `ip`, when
   * given, is the client address, held to its share of the budget before it may queue at all.
   */
  async admit(key: string, ip?: string): Promise<void> {
    if (ip !== undefined && (this.options.ipShare ?? 1) < 1) await this.checkIpShare(ip);
    if (this.waiting === 0 && (await this.tryTake())) return;
    if (this.waiting >= this.options.queueSize) throw this.refusal();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.remove(waiter);
        reject(this.refusal());
      }, this.options.maxWaitMs);
      const waiter: Waiter = { key, resolve, reject, timer };
      const queue = this.queues.get(key);
      if (queue) queue.push(waiter);
      else {
        this.queues.set(key, [waiter]);
        this.order.push(key);
      }
      this.waiting++;
      this.schedule();
    });
  }

  /** Stops timers (shutdown); waiting requests are refused. */
  close(): void {
    clearTimeout(this.pumpTimer);
    for (const queue of this.queues.values()) {
      for (const w of queue) {
        clearTimeout(w.timer);
        w.reject(this.refusal());
      }
    }
    this.queues.clear();
    this.order = [];
    this.waiting = 0;
  }

  private async tryTake(): Promise<boolean> {
    const now = this.now();
    if (now < this.blockedUntil) return false;
    try {
      return (await this.options.counter.increment(Math.floor(now / WINDOW_MS))) <= this.budget;
    } catch {
      // A shared-counter outage must not stop every answer; the upstream still enforces its limit.
      return true;
    }
  }

  private async checkIpShare(ip: string): Promise<void> {
    const now = this.now();
    let count: number;
    try {
      count = await this.options.counter.increment(Math.floor(now / WINDOW_MS), `ip:${ip}`);
    } catch {
      return; // fails open, as the shared count does
    }
    if (count <= this.ipBudget) return;
    const nextWindow = (Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS;
    throw new HttpError('rate_limited', 'Too many questions from this network; please wait a little.', {
      retryAfter: Math.max(1, Math.ceil((nextWindow - now) / 1000)),
    });
  }

  private nextOpening(): number {
    const now = this.now();
    return Math.max((Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS, this.blockedUntil);
  }

  private refusal(): HttpError {
    const retryAfter = Math.max(1, Math.ceil((this.nextOpening() - this.now()) / 1000));
    return new HttpError('rate_limited', 'The assistant is busy; please try again shortly.', { retryAfter });
  }

  private schedule(): void {
    if (this.pumpTimer !== undefined) return;
    // Another instance may free nothing, but a new window or an expired block always might.
    const delay = Math.max(0, Math.min(this.nextOpening() - this.now(), 1000));
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = undefined;
      void this.pump();
    }, delay);
  }

  private async pump(): Promise<void> {
    while (this.waiting > 0) {
      const key = this.order[0];
      if (key === undefined) break;
      if (!(await this.tryTake())) break;
      // Round-robin: serve the head visitor once, then move it to the back of the line.
      this.order.shift();
      const queue = this.queues.get(key);
      const waiter = queue?.shift();
      if (queue && queue.length > 0) this.order.push(key);
      else this.queues.delete(key);
      if (waiter) {
        this.waiting--;
        clearTimeout(waiter.timer);
        waiter.resolve();
      }
    }
    if (this.waiting > 0) this.schedule();
  }

  private remove(waiter: Waiter): void {
    const queue = this.queues.get(waiter.key);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    this.waiting--;
    if (queue.length === 0) {
      this.queues.delete(waiter.key);
      this.order = this.order.filter((k) => k !== waiter.key);
    }
  }
}
