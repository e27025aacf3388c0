import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '../src/config.js';
import { mintToken, newVisitorId } from '../src/sessions/token.js';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, OTHER_ORIGIN, widgetApi } from './helpers.js';
import { startStack } from './stack.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let published: TestRelay;
const clock = { offsetMs: 0 };
const PUBLIC_ORIGIN = 'https://relay.court.example';

beforeAll(async () => {
  stack = await startStack({
    relay: {
      now: () => new Date(Date.now() + clock.offsetMs),
      env: { LIMIT_SESSIONS_PER_IP_PER_MINUTE: '1000' },
    },
  });
  published = await startTestRelay({
    upstreamBaseUrl: stack.api.url,
    chatKey: stack.api.chatKey,
    ingestKey: stack.api.ingestKey,
    allowedOrigins: [ORIGIN],
    env: { PUBLIC_URL: `${PUBLIC_ORIGIN}/`, LIMIT_SESSIONS_PER_IP_PER_MINUTE: '2' },
  });
});
afterAll(async () => {
  await published?.close();
  await stack?.close();
});

const visitorOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[2] ?? '', 'base64url').toString('utf8')) as { vid: string }).vid;

async function refresh(relayUrl: string, token: string | undefined, origin = ORIGIN): Promise<string> {
  const res = await widgetApi(relayUrl, origin).call('/api/sessions', {
    method: 'POST',
    ...(token ? { token } : {}),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

describe('POST /api/sessions refresh', () => {
  it('keeps the visitor, and its conversations, when called with a valid token of the origin', async () => {
    const api = widgetApi(stack.relay.url);
    const first = await api.session();
    const id = await api.conversation(first);
    clock.offsetMs = 1000; // a later iat, so the new token differs from the old
    const second = await refresh(stack.relay.url, first);
    clock.offsetMs = 0;
    expect(second).not.toBe(first);
    expect(visitorOf(second)).toBe(visitorOf(first));
    expect((await api.call(`/api/conversations/${id}`, { token: second })).status).toBe(200);
  });

  it('mints a new visitor without a token or with an invalid, expired or foreign one', async () => {
    const api = widgetApi(stack.relay.url);
    const old = await api.session();
    const id = await api.conversation(old);
    const foreign = await widgetApi(stack.relay.url, OTHER_ORIGIN).session();
    const forged = mintToken(sessionKey('x'.repeat(40)), {
      vid: visitorOf(old),
      org: ORIGIN,
      iat: 0,
      exp: 9_999_999_999,
    });
    clock.offsetMs = 2 * 3600_000;
    const afterExpiry = await refresh(stack.relay.url, old);
    clock.offsetMs = 0;
    const fresh = [
      await refresh(stack.relay.url, undefined),
      await refresh(stack.relay.url, 'garbage'),
      await refresh(stack.relay.url, forged),
      await refresh(
        stack.relay.url,
        mintToken(sessionKey('y'.repeat(40)), { vid: newVisitorId(), org: ORIGIN, iat: 0, exp: 1 }),
      ),
      await refresh(stack.relay.url, foreign),
      afterExpiry,
    ];
    for (const token of fresh) {
      expect(visitorOf(token)).not.toBe(visitorOf(old));
      expect(visitorOf(token)).not.toBe(visitorOf(foreign));
      expect((await api.call(`/api/conversations/${id}`, { token })).status).toBe(404);
    }
  });
});

describe("the relay's own origin on the widget API", () => {
  it('allows the origin the relay is reached at when PUBLIC_URL is unset, from a same-origin page', async () => {
    const res = await widgetApi(stack.relay.url, stack.relay.url).call('/api/sessions', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(stack.relay.url);
  });

  it.each([
    ['another port on the same host', () => stack.relay.url.replace(/:\d+$/, ':1')],
    ['the same address over https', () => stack.relay.url.replace('http:', 'https:')],
    ['the host name spelled differently', () => stack.relay.url.replace('127.0.0.1', 'localhost')],
  ])('refuses %s', async (_name, origin) => {
    const res = await widgetApi(stack.relay.url, origin()).call('/api/sessions', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("allows PUBLIC_URL's origin and then no longer the address it was reached at", async () => {
    const own = await widgetApi(published.url, PUBLIC_ORIGIN).call('/api/sessions', { method: 'POST' });
    expect(own.status).toBe(201);
    expect(own.headers.get('access-control-allow-origin')).toBe(PUBLIC_ORIGIN);
    const reached = await widgetApi(published.url, published.url).call('/api/sessions', { method: 'POST' });
    expect(reached.status).toBe(403);
  });
});

describe('CORS exposed headers', () => {
  it('lets the widget read Retry-After and X-Request-ID, on success and on a 429', async () => {
    const api = widgetApi(published.url);
    let res = await api.call('/api/sessions', { method: 'POST' });
    const exposed = () =>
      (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((h) => h.toLowerCase());
    expect(exposed()).toEqual(expect.arrayContaining(['retry-after', 'x-request-id']));
    for (let i = 0; i < 5 && res.status !== 429; i++)
      res = await api.call('/api/sessions', { method: 'POST' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(exposed()).toEqual(expect.arrayContaining(['retry-after', 'x-request-id']));
  });
});
