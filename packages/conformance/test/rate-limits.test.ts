import { describe, expect, it } from 'vitest';
import { expectError } from '../src/expect-error.js';
import { need, sleep, useTarget } from '../src/fixture.js';
import { type ApiResponse, call } from '../src/http.js';
import { OPERATIONS, send } from '../src/operations.js';
import { readFrames } from '../src/sse.js';

const target = useTarget();

/** Avoids straddling a wall-clock minute: waits for the next window when fewer than `need` seconds remain. */
async function roomInWindow(needSeconds = 20) {
  const left = 60 - new Date().getUTCSeconds();
  if (left < needSeconds) await sleep(left * 1000 + 300);
}

const secondsToWindowEnd = () => 60 - new Date().getUTCSeconds();
const secondsToMidnightUtc = () => {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
};

function rl(res: ApiResponse) {
  const n = (h: string) => {
    const v = res.headers.get(h);
    return v === null ? null : Number(v);
  };
  return { limit: n('ratelimit-limit'), remaining: n('ratelimit-remaining'), reset: n('ratelimit-reset') };
}

function expectNoRateLimitHeaders(res: ApiResponse, what: string) {
  expect(res.headers.get('ratelimit-limit'), what).toBeNull();
  expect(res.headers.get('ratelimit-remaining'), what).toBeNull();
  expect(res.headers.get('ratelimit-reset'), what).toBeNull();
}

function expectIntegerRetryAfter(res: ApiResponse, min: number, max: number) {
  const v = res.headers.get('retry-after');
  expect(v, 'Retry-After').toMatch(/^\d+$/);
  expect(Number(v)).toBeGreaterThanOrEqual(min);
  expect(Number(v)).toBeLessThanOrEqual(max);
}

describe('Rate limits', () => {
  describe('requests per minute', () => {
    it('counts every request in fixed 60-second windows and answers 429 rate_limit_exceeded once used up', {
      timeout: 90_000,
    }, async (ctx) => {
      const acct = await need(ctx, () => target().lowRpmAccount());
      await roomInWindow();
      for (let i = 0; i < acct.rpm; i++) {
        const res = await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey });
        expect(res.status, `request ${i + 1}: ${res.text}`).toBe(200);
        const h = rl(res);
        expect(h.limit).toBe(acct.rpm);
        expect(h.remaining).toBe(acct.rpm - i - 1);
        expect(Math.abs((h.reset ?? -99) - secondsToWindowEnd())).toBeLessThanOrEqual(2);
      }
      const res = await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey });
      const e = expectError(res, 429, { code: 'rate_limit_exceeded' });
      expect(e.message).toContain(String(acct.rpm));
      expectIntegerRetryAfter(res, 1, 60);
      expect(Math.abs(Number(res.headers.get('retry-after')) - secondsToWindowEnd())).toBeLessThanOrEqual(2);
      expect(rl(res).remaining).toBe(0);
      expect(rl(res).limit).toBe(acct.rpm);

      // Shared by all keys and all /v1 endpoints of the account.
      expectError(await call(`${acct.baseUrl}/documents`, 'GET', { key: acct.ingestKey }), 429, {
        code: 'rate_limit_exceeded',
      });
      expectError(
        await call(`${acct.baseUrl}/embeddings`, 'POST', { key: acct.chatKey, json: { input: 'x' } }),
        429,
        {
          code: 'rate_limit_exceeded',
        },
      );

      // A fixed wall-clock window: the budget is back once it ends.
      await sleep(secondsToWindowEnd() * 1000 + 500);
      const next = await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey });
      expect(next.status).toBe(200);
      expect(rl(next).remaining).toBe(acct.rpm - 1);
    });

    it('does not count 401 and 403 responses, which carry no RateLimit headers', {
      timeout: 90_000,
    }, async (ctx) => {
      const acct = await need(ctx, () => target().lowRpmAccount());
      if (target().kind === 'remote') await sleep(secondsToWindowEnd() * 1000 + 500);
      await roomInWindow();
      const wrongSecret = `${acct.chatKey.slice(0, -1)}${acct.chatKey.endsWith('A') ? 'B' : 'A'}`;
      for (let i = 0; i < acct.rpm + 1; i++) {
        const forbidden = await call(`${acct.baseUrl}/models`, 'GET', { key: acct.ingestKey });
        expectError(forbidden, 403, { code: 'insufficient_scope' });
        expectNoRateLimitHeaders(forbidden, '403');
        const unauthorized = await call(`${acct.baseUrl}/models`, 'GET', { key: wrongSecret });
        expectError(unauthorized, 401, { code: 'invalid_api_key' });
        expectNoRateLimitHeaders(unauthorized, '401');
      }
      const res = await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey });
      expect(res.status, res.text).toBe(200);
      expect(rl(res).remaining).toBe(acct.rpm - 1);
    });

    it('counts requests rejected with 400 validation errors', { timeout: 90_000 }, async (ctx) => {
      const acct = await need(ctx, () => target().lowRpmAccount());
      if (target().kind === 'remote') await sleep(secondsToWindowEnd() * 1000 + 500);
      await roomInWindow();
      const bad = await call(`${acct.baseUrl}/embeddings`, 'POST', {
        key: acct.chatKey,
        json: { input: '' },
      });
      expectError(bad, 400, { param: 'input' });
      expect(rl(bad).remaining).toBe(acct.rpm - 1);
      const ok = await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey });
      expect(rl(ok).remaining).toBe(acct.rpm - 2);
    });
  });

  describe('RateLimit headers', () => {
    it('appear on every authenticated /v1 response (2xx, validation 400, not_found 404, model_not_found)', async () => {
      const key = target().chatKey;
      const responses: [string, ApiResponse][] = [
        ['200', await call(target().url('/models'), 'GET', { key })],
        ['201', await call(target().url('/conversations'), 'POST', { key, json: {} })],
        ['400', await call(target().url('/embeddings'), 'POST', { key, json: { input: '' } })],
        [
          '404',
          await call(target().url('/conversations/00000000-0000-4000-8000-000000000000'), 'GET', { key }),
        ],
        ['404 model', await call(target().url('/models/no-such-bot-zz'), 'GET', { key })],
        ['ingest 200', await call(target().url('/documents'), 'GET', { key: target().ingestKey })],
      ];
      for (const [what, res] of responses) {
        const h = rl(res);
        expect(h.limit, what).not.toBeNull();
        expect(h.remaining, what).not.toBeNull();
        expect(h.reset, what).not.toBeNull();
        expect(h.remaining!, what).toBeGreaterThanOrEqual(0);
        expect(h.remaining!, what).toBeLessThanOrEqual(h.limit!);
        expect(Number.isInteger(h.reset), what).toBe(true);
      }
    });

    it('are absent on 401, 403, 413, routing errors and pre-authentication 400s', async () => {
      const key = target().chatKey;
      expectNoRateLimitHeaders(await call(target().url('/models'), 'GET'), '401');
      expectNoRateLimitHeaders(
        await call(target().url('/models'), 'GET', { key: target().ingestKey }),
        '403',
      );
      expectNoRateLimitHeaders(
        await call(target().url('/embeddings'), 'POST', {
          key,
          body: JSON.stringify({ input: 'a'.repeat(5_242_880) }),
          headers: { 'content-type': 'application/json' },
        }),
        '413',
      );
      expectNoRateLimitHeaders(await call(target().url('/nope'), 'GET', { key }), '404 route');
      expectNoRateLimitHeaders(await call(target().url('/models'), 'DELETE', { key }), '405');
      expectNoRateLimitHeaders(
        await call(target().url('/embeddings'), 'POST', {
          key,
          body: '{',
          headers: { 'content-type': 'application/json' },
        }),
        'invalid JSON 400',
      );
    });
  });

  describe('daily token quota', () => {
    it('returns 429 insufficient_quota on every /v1 operation once reached, with Retry-After and RateLimit-Reset to midnight UTC', async (ctx) => {
      const acct = await need(ctx, () => target().exhaustedQuotaAccount());
      for (const op of OPERATIONS) {
        const res = await send(acct.baseUrl, op, op.scope === 'chat' ? acct.chatKey : acct.ingestKey);
        expectError(res, 429, { code: 'insufficient_quota' });
        const toReset = secondsToMidnightUtc();
        expectIntegerRetryAfter(res, 1, 86_400);
        expect(
          Math.abs(Number(res.headers.get('retry-after')) - toReset),
          `${op.method} ${op.path}`,
        ).toBeLessThanOrEqual(3);
        expect(Math.abs((rl(res).reset ?? -99) - toReset)).toBeLessThanOrEqual(3);
        expect(rl(res).remaining).toBe(0);
      }
    });

    it('still answers 401 and 403 (not 429) on an account whose quota is used up', async (ctx) => {
      const acct = await need(ctx, () => target().exhaustedQuotaAccount());
      expectError(await call(`${acct.baseUrl}/models`, 'GET'), 401, { code: 'invalid_api_key' });
      expectError(await call(`${acct.baseUrl}/models`, 'GET', { key: acct.ingestKey }), 403, {
        code: 'insufficient_scope',
      });
    });

    it('checks before the request: the request that crosses the quota succeeds and the next is rejected', async (ctx) => {
      const acct = await need(ctx, () => target().quotaAccount(5));
      const first = await call(`${acct.baseUrl}/chat/completions`, 'POST', {
        key: acct.chatKey,
        json: {
          messages: [{ role: 'user', content: 'Tell me about the court in a long sentence, please.' }],
        },
      });
      expect(first.status, first.text).toBe(200);
      expectError(await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey }), 429, {
        code: 'insufficient_quota',
      });
    });

    it('meters embeddings by their input tokens', async (ctx) => {
      const acct = await need(ctx, () => target().quotaAccount(5));
      const first = await call(`${acct.baseUrl}/embeddings`, 'POST', {
        key: acct.chatKey,
        json: { input: 'one two three four five six seven eight nine ten eleven twelve' },
      });
      expect(first.status).toBe(200);
      expectError(
        await call(`${acct.baseUrl}/embeddings`, 'POST', { key: acct.chatKey, json: { input: 'x' } }),
        429,
        {
          code: 'insufficient_quota',
        },
      );
    });

    it('meters a stream once its finish chunk is produced, even if the client disconnects', async (ctx) => {
      const acct = await need(ctx, () => target().quotaAccount(5));
      const abort = new AbortController();
      const res = await fetch(`${acct.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${acct.chatKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ role: 'user', content: 'Where is the courthouse?' }],
          stream: true,
        }),
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      for await (const f of readFrames(res.body!)) {
        if (
          f.data !== '[DONE]' &&
          (JSON.parse(f.data) as { choices: { finish_reason: string | null }[] }).choices[0]?.finish_reason
        )
          break;
      }
      abort.abort();
      await sleep(300);
      expectError(await call(`${acct.baseUrl}/models`, 'GET', { key: acct.chatKey }), 429, {
        code: 'insufficient_quota',
      });
    });
  });
});
