import type { Db } from '../db/database.js';

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Seconds until the next midnight UTC, at least 1: the daily quota's reset. */
export function secondsToUtcMidnight(at: Date): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

export function tokensUsedToday(db: Db, accountId: string, at: Date): number {
  const row = db
    .prepare('SELECT tokens FROM usage_daily WHERE account_id = ? AND day = ?')
    .get(accountId, utcDay(at)) as { tokens: number } | undefined;
  return row?.tokens ?? 0;
}

/** Meters tokens against the daily quota; called once a completion, turn or embedding has succeeded. */
export function recordUsage(db: Db, accountId: string, tokens: number, at: Date): void {
  if (tokens <= 0) return;
  db.prepare(
    `INSERT INTO usage_daily (account_id, day, tokens) VALUES (?, ?, ?)
     ON CONFLICT (account_id, day) DO UPDATE SET tokens = tokens + excluded.tokens`,
  ).run(accountId, utcDay(at), tokens);
}
