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
 * Counting stays off the answer's path: changes add up in memory and are flushed (and the totals of
 * all instances re-read) every `flushMs`. Each instance therefore sees the others up to one flush
 * late, a fair price for daily limits.
 */
export class DailyUsage {
  private pending = new Map<string, Counts>();
  private known = new Map<string, Counts>();
  private knownDay = '';
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly config: RelayConfig,
    private readonly now: () => Date,
    private readonly flushMs = 1000,
  ) {}

  async reserve(site: string): Promise<Reservation> {
    const now = this.now();
    const day = dayOf(now);
    if (this.knownDay !== day) await this.flush();
    this.start();
    const { messagesPerSitePerDay, quotaShare, estimatedTokensPerAnswer: estimate } = this.config.limits;
    const quota = this.config.upstream.dailyTokenQuota;
    const retryAfter = secondsToMidnightUtc(now);
    if (quota > 0 && this.totalTokens() + estimate > quota * quotaShare) {
      throw new HttpError('quota_exceeded', 'The assistant has answered all it can for today.', {
        retryAfter,
      });
    }
    const key = `${day}|${site}`;
    const messages = (this.known.get(key)?.messages ?? 0) + (this.pending.get(key)?.messages ?? 0);
    if (messages + 1 > messagesPerSitePerDay) {
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
    this.flushing ??= this.doFlush().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
    this.timer.unref();
  }

  private add(key: string, messages: number, tokens: number): void {
    const counts = this.pending.get(key) ?? { messages: 0, tokens: 0 };
    counts.messages += messages;
    counts.tokens += tokens;
    this.pending.set(key, counts);
  }

  private totalTokens(): number {
    let total = 0;
    for (const map of [this.known, this.pending]) {
      for (const [key, counts] of map) if (key.startsWith(this.knownDay)) total += counts.tokens;
    }
    return total;
  }

  private async doFlush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      for (const [key, counts] of batch) {
        const [day, site] = key.split('|') as [string, string];
        await this.sql.query(
          `INSERT INTO relay_daily_usage (day, site, messages, tokens) VALUES ($1, $2, $3, $4)
           ON CONFLICT (day, site) DO UPDATE SET messages = relay_daily_usage.messages + EXCLUDED.messages,
             tokens = relay_daily_usage.tokens + EXCLUDED.tokens`,
          [day, site, counts.messages, counts.tokens],
        );
        batch.delete(key);
      }
    } finally {
      // Whatever was not written goes back, so a database hiccup loses no count.
      for (const [key, counts] of batch) this.add(key, counts.messages, counts.tokens);
    }
    const day = dayOf(this.now());
    const rows = await this.sql.query<{ site: string; messages: number | string; tokens: number | string }>(
      'SELECT site, messages, tokens FROM relay_daily_usage WHERE day = $1',
      [day],
    );
    this.known = new Map(
      rows.map((r) => [`${day}|${r.site}`, { messages: Number(r.messages), tokens: Number(r.tokens) }]),
    );
    this.knownDay = day;
  }
}
