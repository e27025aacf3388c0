import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { migrate } from '../storage/migrate.js';
import { openPglite } from '../storage/pglite.js';
import { relayMigrations } from '../storage/schema.js';
import { DailyUsage } from './daily-usage.js';

const KEY = `svc_sk_${'a'.repeat(59)}`;
const config = (env: Record<string, string>) =>
  loadConfig(
    {
      UPSTREAM_BASE_URL: 'http://x/v1',
      UPSTREAM_CHAT_KEY: KEY,
      UPSTREAM_INGEST_KEY: KEY,
      SESSION_SECRET: 's'.repeat(40),
      ...env,
    },
    { readFile: () => undefined, writeFile: () => undefined },
  );
const now = () => new Date('2026-03-01T12:00:00Z');

describe('DailyUsage', () => {
  it('stops a site at its daily number of questions, across instances sharing a database', async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    const cfg = config({ LIMIT_MESSAGES_PER_SITE_PER_DAY: '3' });
    const a = new DailyUsage(sql, cfg, now, 60_000);
    const b = new DailyUsage(sql, cfg, now, 60_000);
    await a.reserve('https://court.example');
    await a.reserve('https://court.example');
    await a.flush();
    await b.flush();
    await b.reserve('https://court.example');
    await expect(b.reserve('https://court.example')).rejects.toMatchObject({
      code: 'quota_exceeded',
      status: 429,
    });
    await a.reserve('https://other.example'); // another site has its own count
    await a.close();
    await b.close();
    await sql.close();
  });

  it('guards the public share of the token quota, refunding answers that were never metered', async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    const cfg = config({
      UPSTREAM_DAILY_TOKEN_QUOTA: '10000',
      QUOTA_PUBLIC_SHARE: '0.5',
      QUOTA_ESTIMATED_TOKENS_PER_ANSWER: '2000',
    });
    const usage = new DailyUsage(sql, cfg, now, 60_000);
    const first = await usage.reserve('s');
    const second = await usage.reserve('s');
    await expect(usage.reserve('s')).rejects.toMatchObject({ code: 'quota_exceeded' });
    await usage.settle(first, 0); // failed before metering
    await usage.settle(second, 1000);
    await usage.reserve('s');
    await usage.close();
    const [row] = await sql.query<{ tokens: number }>('SELECT tokens FROM relay_daily_usage');
    expect(Number(row?.tokens)).toBe(3000);
    await sql.close();
  });
});
