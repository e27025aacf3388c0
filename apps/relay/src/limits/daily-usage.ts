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

const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const secondsToMidnightUtc = (now: Date) => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
};

/** A rough token count for text: the upstream's tokenizer is not ours, so this only has to be fair. */
export const estimateTokens = (question: string, answer: string) =>
  Math.ceil((question.length + answer.length) / 4) + PROMPT_OVERHEAD_TOKENS;

/**
 * Daily limits kept in the database, so they hold across instances: questions per site per day,
 * and the guard that stops public chat at a share of the account's daily token quota (reserved
 * with an estimate before the answer, settled with the measured size after), leaving the rest of
 * the quota for staff ingestion.
 */
export class DailyUsage {
  constructor(
    private readonly sql: SqlClient,
    private readonly config: RelayConfig,
    private readonly now: () => Date,
  ) {}

  async reserve(site: string): Promise<Reservation> {
    const now = this.now();
    const day = dayOf(now);
    const { messagesPerSitePerDay, quotaShare, estimatedTokensPerAnswer: estimate } = this.config.limits;
    const quota = this.config.upstream.dailyTokenQuota;
    const retryAfter = secondsToMidnightUtc(now);
    if (quota > 0) {
      const [row] = await this.sql.query<{ used: number | string | null }>(
        'SELECT COALESCE(SUM(tokens), 0) AS used FROM relay_daily_usage WHERE day = $1',
        [day],
      );
      if (Number(row?.used ?? 0) + estimate > quota * quotaShare) {
        throw new HttpError('quota_exceeded', 'The assistant has answered all it can for today.', {
          retryAfter,
        });
      }
    }
    const [counted] = await this.sql.query<{ messages: number }>(
      `INSERT INTO relay_daily_usage (day, site, messages, tokens) VALUES ($1, $2, 1, $3)
       ON CONFLICT (day, site) DO UPDATE SET messages = relay_daily_usage.messages + 1,
         tokens = relay_daily_usage.tokens + EXCLUDED.tokens
       RETURNING messages`,
      [day, site, estimate],
    );
    const reservation = { site, day, estimate };
    if ((counted?.messages ?? 0) > messagesPerSitePerDay) {
      await this.release(reservation);
      throw new HttpError('quota_exceeded', 'This site has reached its daily number of questions.', {
        retryAfter,
      });
    }
    return reservation;
  }

  /** After the answer: replace the estimate with the measured size (0 when nothing was metered). */
  async settle(reservation: Reservation, tokens: number): Promise<void> {
    await this.sql.query('UPDATE relay_daily_usage SET tokens = tokens + $3 WHERE day = $1 AND site = $2', [
      reservation.day,
      reservation.site,
      tokens - reservation.estimate,
    ]);
  }

  /** The question was refused before reaching the upstream: it counts for nothing. */
  async release(reservation: Reservation): Promise<void> {
    await this.sql.query(
      'UPDATE relay_daily_usage SET messages = messages - 1, tokens = tokens - $3 WHERE day = $1 AND site = $2',
      [reservation.day, reservation.site, reservation.estimate],
    );
  }
}
