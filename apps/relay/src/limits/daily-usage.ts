import type { RelayConfig } from '../config.js';
import { HttpError } from '../http/http-error.js';
import type { SqlClient } from '../storage/sql.js';

/** Tokens the upstream spends around the visible text: the retrieved passages and the history window. */
const PROMPT_OVERHEAD_TOKENS = 800;

export interface Reservation {
  site: string;
  day: string;
  estimate: number;
}

interface Counts {
  messages: number;
  tokens: number;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const secondsToMidnightUtc = (now: Date) => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
};

/** A rough token count for text: the upstream's tokenizer is not ours, so this only has to be fair. */
export const estimateTokens = (question: string, answer: string) =>
  Math.ceil((question.length + answer.length) / 4) + PROMPT_OVERHEAD_TOKENS;

/**
 * Daily limits shared through the database by every instance: questions per site per day, and the
 * guard that stops public chat at a share of the account's daily token quota (reserved with an
 * estimate before the answer, settled with the measured size after), leaving the rest for staff.
 *
 * Counting stays off the answer's path: changes add up in memory and are written every `flushMs`,
 * but only when something changed; each write returns the site's total across all instances. The
 * totals of every site (other instances' sites included) are re-read every `refreshMs`, or at every
 * tick once a count is within `NEAR_CAP` of its limit, when being a few seconds late would matter.
 * With no traffic the timer stops, so an idle relay does no database work at all (on PGlite each
 * write or re-read costs milliseconds of the one thread that also serves the streams).
 */
const NEAR_CAP = 0.8;

export class DailyUsage {
  private pending = new Map<string, Counts>();
  private known = new Map<string, Counts>();
  private knownDay = '';
  /** When `known` was last read in full (ms since epoch); 0 = never. */
  private readAt = 0;
  /** A question was reserved since the last tick. */
  private active = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly config: RelayConfig,
    private readonly now: () => Date,
    private readonly flushMs = 1000,
    private readonly refreshMs = 10 * flushMs,
  ) {}

  async reserve(site: string): Promise<Reservation> {
    const now = this.now();
    const day = dayOf(now);
    // Re-read before deciding (the one time counting waits on the database): on a new day, after an
    // idle spell (the timer had stopped), or near a cap with a view older than two ticks.
    const age = now.getTime() - this.readAt;
    if (
      this.knownDay !== day ||
      age >= this.refreshMs + 2 * this.flushMs ||
      (age >= 2 * this.flushMs && this.nearCap())
    ) {
      await this.flush();
    }
    this.active = true;
    const { messagesPerSitePerDay, quotaShare, estimatedTokensPerAnswer: estimate } = this.config.limits;
    const quota = this.config.upstream.dailyTokenQuota;
    const retryAfter = secondsToMidnightUtc(now);
    if (quota > 0 && this.totalTokens() + estimate > quota * quotaShare) {
      throw new HttpError('quota_exceeded', 'The assistant has answered all it can for today.', {
        retryAfter,
      });
    }
    const key = `${day}|${site}`;
    if (this.messages(key) + 1 > messagesPerSitePerDay) {
      throw new HttpError('quota_exceeded', 'This site has reached its daily number of questions.', {
        retryAfter,
      });
    }
    this.add(key, 1, estimate);
    return { site, day, estimate };
  }

  /** After the answer: replace the estimate with the measured size (0 when nothing was metered). */
  async settle(reservation: Reservation, tokens: number): Promise<void> {
    this.add(`${reservation.day}|${reservation.site}`, 0, tokens - reservation.estimate);
  }

  /** Writes what is pending and re-reads today's totals of every instance. */
  flush(): Promise<void> {
    return this.run(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.pending.size > 0) await this.run(false);
  }

  private run(reread: boolean): Promise<void> {
    // A flush already under way may not re-read: chain a full one after it rather than skip it.
    const previous = this.flushing ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => this.doFlush(reread))
      .finally(() => {
        if (this.flushing === next) this.flushing = undefined;
      });
    this.flushing = next;
    return next;
  }

  private start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.flushMs);
    this.timer.unref();
  }

  /** One timer beat: write if anything changed; re-read while questions come and the view is old or near a cap. */
  private async tick(): Promise<void> {
    if (this.flushing) return;
    const reread = this.active && (this.now().getTime() - this.readAt >= this.refreshMs || this.nearCap());
    this.active = false;
    if (this.pending.size === 0 && !reread) {
      // Idle: the timer stops until the next change; reserve() re-reads first if the view has grown old.
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    await this.run(reread);
  }

  private nearCap(): boolean {
    const { messagesPerSitePerDay, quotaShare } = this.config.limits;
    const quota = this.config.upstream.dailyTokenQuota;
    if (quota > 0 && this.totalTokens() >= quota * quotaShare * NEAR_CAP) return true;
    for (const key of new Set([...this.known.keys(), ...this.pending.keys()])) {
      if (key.startsWith(this.knownDay) && this.messages(key) >= messagesPerSitePerDay * NEAR_CAP)
        return true;
    }
    return false;
  }

  private messages(key: string): number {
    return (this.known.get(key)?.messages ?? 0) + (this.pending.get(key)?.messages ?? 0);
  }

  private add(key: string, messages: number, tokens: number): void {
    const counts = this.pending.get(key) ?? { messages: 0, tokens: 0 };
    counts.messages += messages;
    counts.tokens += tokens;
    this.pending.set(key, counts);
    this.start();
  }

  private totalTokens(): number {
    let total = 0;
    for (const map of [this.known, this.pending]) {
      for (const [key, counts] of map) if (key.startsWith(this.knownDay)) total += counts.tokens;
    }
    return total;
  }

  private async doFlush(reread: boolean): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      for (const [key, counts] of batch) {
        const [day, site] = key.split('|') as [string, string];
        // RETURNING gives the site's total over every instance for free: the view of the sites this
        // instance serves stays one flush fresh without re-reading the whole table.
        const [row] = await this.sql.query<{ messages: number | string; tokens: number | string }>(
          `INSERT INTO relay_daily_usage (day, site, messages, tokens) VALUES ($1, $2, $3, $4)
           ON CONFLICT (day, site) DO UPDATE SET messages = relay_daily_usage.messages + EXCLUDED.messages,
             tokens = relay_daily_usage.tokens + EXCLUDED.tokens
           RETURNING messages, tokens`,
          [day, site, counts.messages, counts.tokens],
        );
        batch.delete(key);
        if (row && day === this.knownDay) {
          this.known.set(key, { messages: Number(row.messages), tokens: Number(row.tokens) });
        }
      }
    } finally {
      // Whatever was not written goes back, so a database hiccup loses no count.
      for (const [key, counts] of batch) this.add(key, counts.messages, counts.tokens);
    }
    if (!reread) return;
    const readAt = this.now();
    const day = dayOf(readAt);
    const rows = await this.sql.query<{ site: string; messages: number | string; tokens: number | string }>(
      'SELECT site, messages, tokens FROM relay_daily_usage WHERE day = $1',
      [day],
    );
    this.known = new Map(
      rows.map((r) => [`${day}|${r.site}`, { messages: Number(r.messages), tokens: Number(r.tokens) }]),
    );
    this.knownDay = day;
    this.readAt = readAt.getTime();
  }
}
