import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { migrate } from '../storage/migrate.js';
import { openPglite } from '../storage/pglite.js';
import { relayMigrations } from '../storage/schema.js';
import type { SqlClient } from '../storage/sql.js';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real database, with the statements sent to it counted by kind. */
function counted(sql: SqlClient) {
  const calls = { writes: 0, reads: 0 };
  const client: SqlClient = {
    query: (text, params) => {
      if (/^\s*INSERT INTO relay_daily_usage/.test(text)) calls.writes++;
      else if (/^\s*SELECT .* FROM relay_daily_usage/.test(text)) calls.reads++;
      return sql.query(text, params);
    },
    transaction: (fn) => sql.transaction(fn),
    close: () => sql.close(),
  };
  return { client, calls };
}

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

  it('does no database work while idle, and writes only what changed', async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    const { client, calls } = counted(sql);
    const usage = new DailyUsage(client, config({}), () => new Date(), 20, 60_000);
    await sleep(100);
    expect(calls).toEqual({ writes: 0, reads: 0 }); // never asked: nothing at all
    await usage.reserve('s'); // the first question reads the totals once
    expect(calls).toEqual({ writes: 0, reads: 1 });
    await sleep(100);
    // One write for the one change, no re-read (the view is fresh and far from any cap), then the timer stops.
    expect(calls).toEqual({ writes: 1, reads: 1 });
    await sleep(100);
    expect(calls).toEqual({ writes: 1, reads: 1 });
    await usage.close();
    await sql.close();
  });

  it("re-reads other instances' totals every refresh while questions keep coming", async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    const { client, calls } = counted(sql);
    const usage = new DailyUsage(client, config({}), () => new Date(), 20, 100);
    for (let i = 0; i < 15; i++) {
      await usage.reserve('s');
      await sleep(20);
    }
    // ~300 ms of questions: a write per tick that had changes, but a full re-read only every ~100 ms.
    expect(calls.reads).toBeGreaterThanOrEqual(2);
    expect(calls.writes).toBeGreaterThanOrEqual(5);
    expect(calls.reads).toBeLessThan(calls.writes / 2);
    await usage.close();
    const [row] = await sql.query<{ messages: number }>('SELECT messages FROM relay_daily_usage');
    expect(Number(row?.messages)).toBe(15);
    await sql.close();
  });

  it("near the cap, re-reads before admitting so another instance's questions count", async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    const cfg = config({ LIMIT_MESSAGES_PER_SITE_PER_DAY: '5' });
    let t = Date.parse('2026-03-01T12:00:00Z');
    const clock = () => new Date(t);
    // Timers far apart: only the explicit flushes below and reserve()'s own re-reads run.
    const a = new DailyUsage(sql, cfg, clock, 60_000, 600_000);
    const b = new DailyUsage(sql, cfg, clock, 1_000, 600_000);
    for (let i = 0; i < 4; i++) await b.reserve('site');
    await b.flush(); // b sees 4 of 5: near the cap
    await a.reserve('site'); // a reads 4 and takes the fifth
    await a.flush();
    t += 2_500; // b's view is 2.5 s old, far younger than its refresh interval
    await expect(b.reserve('site')).rejects.toMatchObject({ code: 'quota_exceeded' });
    await a.close();
    await b.close();
    const [row] = await sql.query<{ messages: number }>('SELECT messages FROM relay_daily_usage');
    expect(Number(row?.messages)).toBe(5);
    await sql.close();
  });
});
