import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../accounts/accounts.js';
import { fetchWire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { secondsToUtcMidnight } from './usage.js';

let api: TestChatbotApi;
// A controllable clock: 10 s into a minute of a fixed UTC day.
let clock = Date.UTC(2026, 0, 15, 12, 0, 10);
beforeAll(async () => {
  api = await startTestChatbotApi({ now: () => new Date(clock) });
});
afterAll(() => api.close());

const models = (key = api.chatKey) =>
  fetchWire(`${api.url}/models`, { headers: { Authorization: `Bearer ${key}` } });

describe('requests per minute', () => {
  it('counts every request in a fixed 60 s window, 429s included, and resets with the next window', async () => {
    updateAccount(api.deps.db, api.accountId, { rpmLimit: 3 });
    const first = await models();
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    expect(first.headers.get('ratelimit-reset')).toBe('50');
    await models();
    await models();
    const limited = await models();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const body = await limited.json();
    expect(body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(body.error.message).toContain('3 requests per minute');
    // 401s and 403s are not counted (and carry no RateLimit headers).
    const forbidden = await models(api.ingestKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('ratelimit-limit')).toBeNull();

    clock += 60_000;
    const next = await models();
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('2');
    updateAccount(api.deps.db, api.accountId, { rpmLimit: 600 });
  });
});

describe('daily token quota', () => {
  it('rejects every /v1 operation with insufficient_quota once used up, until midnight UTC', async () => {
    updateAccount(api.deps.db, api.accountId, { dailyTokenQuota: 100 });
    const ask = () =>
      fetchWire(`${api.url}/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${api.chatKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(600) }] }),
      });
    // The check runs before the request: the request that crosses the quota still succeeds.
    expect((await ask()).status).toBe(200);
    const refused = await models();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('insufficient_quota');
    const reset = String(secondsToUtcMidnight(new Date(clock)));
    expect(refused.headers.get('retry-after')).toBe(reset);
    expect(refused.headers.get('ratelimit-reset')).toBe(reset);
    const ingest = await fetchWire(`${api.url}/documents`, {
      headers: { Authorization: `Bearer ${api.ingestKey}` },
    });
    expect(ingest.status).toBe(429);

    clock = Date.UTC(2026, 0, 16, 0, 0, 5);
    expect((await models()).status).toBe(200);
    updateAccount(api.deps.db, api.accountId, { dailyTokenQuota: 2_000_000 });
  });
});
