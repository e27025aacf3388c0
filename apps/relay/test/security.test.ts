import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '../src/config.js';
import { mintToken, newVisitorId } from '../src/sessions/token.js';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, OTHER_ORIGIN, widgetApi } from './helpers.js';
import { startStack } from './stack.js';

let stack: Awaited<ReturnType<typeof startStack>>;
const clock = { offsetMs: 0 };

beforeAll(async () => {
  stack = await startStack({
    relay: { now: () => new Date(Date.now() + clock.offsetMs), env: { BODY_LIMIT_BYTES: '2048' } },
  });
});
afterAll(() => stack?.close());

describe('origin allowlist and CORS', () => {
  it('answers an allowlisted origin with CORS headers and Vary: Origin', async () => {
    const res = await widgetApi(stack.relay.url).call('/api/sessions', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('vary')).toContain('Origin');
    const preflight = await fetch(`${stack.relay.url}/api/conversations`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it.each([
    ['an unlisted origin', 'https://evil.example'],
    ['Origin: null', 'null'],
    ['a look-alike origin', 'http://localhost:8080.evil.example'],
  ])('refuses %s without CORS headers', async (_name, origin) => {
    for (const method of ['POST', 'OPTIONS']) {
      const res = await fetch(`${stack.relay.url}/api/sessions`, { method, headers: { origin } });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('vary')).toContain('Origin');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
  });

  it('refuses a request without Origin', async () => {
    const res = await fetch(`${stack.relay.url}/api/sessions`, { method: 'POST' });
    expect(res.status).toBe(403);
  });
});

describe('visitor tokens', () => {
  it('mints a token bound to the origin with about an hour of life', async () => {
    const res = await widgetApi(stack.relay.url).call('/api/sessions', { method: 'POST' });
    const body = (await res.json()) as { token: string; expiresAt: string; refreshAt: string };
    const ttl = Date.parse(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(3500_000);
    expect(ttl).toBeLessThanOrEqual(3600_000);
    expect(Date.parse(body.refreshAt)).toBeLessThan(Date.parse(body.expiresAt));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses missing, malformed, forged, foreign-origin and expired tokens alike', async () => {
    const api = widgetApi(stack.relay.url);
    const good = await api.session();
    const [head, kid, payload] = good.split('.');
    const forgedClaims = Buffer.from(
      JSON.stringify({ vid: newVisitorId(), org: ORIGIN, iat: 0, exp: 9_999_999_999 }),
    ).toString('base64url');
    const otherSecret = mintToken(sessionKey('x'.repeat(40)), {
      vid: newVisitorId(),
      org: ORIGIN,
      iat: 0,
      exp: 9_999_999_999,
    });
    const cases: (string | undefined)[] = [
      undefined,
      'garbage',
      `${head}.${kid}.${forgedClaims}.${good.split('.')[3]}`,
      `${head}.${kid}.${payload}.AAAA`,
      otherSecret,
    ];
    const bodies = new Set<string>();
    for (const token of cases) {
      const res = await api.call('/api/conversations', { method: 'POST', ...(token ? { token } : {}) });
      expect(res.status).toBe(401);
      bodies.add(JSON.stringify(((await res.json()) as { error: unknown }).error));
    }
    // A token minted for one court's site is useless on another's.
    const foreign = await widgetApi(stack.relay.url, OTHER_ORIGIN).call('/api/conversations', {
      method: 'POST',
      token: good,
    });
    expect(foreign.status).toBe(401);
    bodies.add(JSON.stringify(((await foreign.json()) as { error: unknown }).error));
    clock.offsetMs = 3601_000;
    try {
      const expired = await api.call('/api/conversations', { method: 'POST', token: good });
      expect(expired.status).toBe(401);
      bodies.add(JSON.stringify(((await expired.json()) as { error: unknown }).error));
    } finally {
      clock.offsetMs = 0;
    }
    expect(bodies.size).toBe(2); // "required" for the missing one, one shared answer for the rest
    expect((await api.call('/api/conversations', { method: 'POST', token: good })).status).toBe(201);
  });
});

describe('request bodies', () => {
  it('rejects malformed, oversized, empty and too long messages with 4xx envelopes', async () => {
    const api = widgetApi(stack.relay.url);
    const token = await api.session();
    const id = await api.conversation(token);
    const path = `/api/conversations/${id}/messages`;
    const send = (body: string) => api.call(path, { method: 'POST', token, body });
    const malformed = await send('{"content": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'bad_request', retryable: false } });
    expect((await send(JSON.stringify({ content: 'x'.repeat(3000) }))).status).toBe(413);
    const empty = await send(JSON.stringify({ content: '   ' }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { param: 'content' } });
    expect((await send(JSON.stringify({ content: 42 }))).status).toBe(400);
    expect((await send('[]')).status).toBe(400);
    const long = await send(JSON.stringify({ content: 'x'.repeat(1900) }));
    expect(long.status).toBe(200); // under both the body limit and MAX_MESSAGE_CHARS
    await long.body?.cancel();
  });
});

describe('client address and proxy hops', () => {
  let relay: TestRelay | undefined;
  afterAll(() => relay?.close());

  const sessionsFrom = async (url: string, xff: (i: number) => string, n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${url}/api/sessions`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'x-forwarded-for': xff(i) },
      });
      statuses.push(res.status);
    }
    return statuses;
  };

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    relay = await startTestRelay({
      upstreamBaseUrl: stack.api.url,
      chatKey: stack.api.chatKey,
      ingestKey: stack.api.ingestKey,
      allowedOrigins: [ORIGIN],
      env: { LIMIT_SESSIONS_PER_IP_PER_MINUTE: '3' },
    });
    const statuses = await sessionsFrom(relay.url, (i) => `10.0.0.${i}`, 5);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    await relay.close();
    relay = undefined;
  });

  it('believes only the configured number of hops', async () => {
    relay = await startTestRelay({
      upstreamBaseUrl: stack.api.url,
      chatKey: stack.api.chatKey,
      ingestKey: stack.api.ingestKey,
      allowedOrigins: [ORIGIN],
      env: { LIMIT_SESSIONS_PER_IP_PER_MINUTE: '2', TRUST_PROXY: '1' },
    });
    // The visitor forges the left entry; our one proxy appends the real address on the right.
    const spoofed = await sessionsFrom(relay.url, (i) => `6.6.6.${i}, 203.0.113.7`, 3);
    expect(spoofed).toEqual([201, 201, 429]);
    const limited = await fetch(`${relay.url}/api/sessions`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // IPv6 neighbours in one /56 share a budget; another /56 has its own.
    const v6 = await sessionsFrom(relay.url, (i) => `2001:db8:aa:${i}::1`, 3);
    expect(v6).toEqual([201, 201, 429]);
    expect(await sessionsFrom(relay.url, () => '2001:db8:bb:1::1', 1)).toEqual([201]);
  });
});
