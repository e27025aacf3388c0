import type { ConversationView } from '@amicus/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, readEvents, widgetApi } from './helpers.js';
import { startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
// Mid-minute and never moving: the upstream budget's wall-clock window cannot roll over mid-test.
const FIXED = new Date('2026-11-23T12:00:20Z');
let upstream: Awaited<ReturnType<typeof startStandIn>>;
const relays: TestRelay[] = [];
/** 8 upstream requests a minute, of which one address may take a quarter (2). */
let scarce: TestRelay;
/** Transcripts on, answers cut off after a second. */
let transcribing: TestRelay;
/** Answers may stream for 20 s; at most 2 open per visitor and 3 per address. */
let streaming: TestRelay;

beforeAll(async () => {
  upstream = await startStandIn();
  [scarce, transcribing, streaming] = await Promise.all([
    relayWith({ UPSTREAM_RPM: '8', LIMIT_IP_UPSTREAM_SHARE: '0.25' }),
    relayWith({ UPSTREAM_RPM: '1000', TRANSCRIPTS: 'true', MAX_STREAM_SECONDS: '1' }),
    relayWith({
      UPSTREAM_RPM: '1000',
      LIMIT_STREAMS_PER_VISITOR: '2',
      LIMIT_STREAMS_PER_IP: '3',
      MAX_STREAM_SECONDS: '20',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  await upstream?.close();
});

async function relayWith(env: Record<string, string>): Promise<TestRelay> {
  const relay = await startTestRelay({
    upstreamBaseUrl: upstream.url,
    chatKey: KEY,
    ingestKey: KEY,
    allowedOrigins: [ORIGIN],
    now: () => FIXED,
    // One proxy hop is believed, so each test can speak from its own client address.
    env: { TRUST_PROXY: '1', ADMISSION_QUEUE_SIZE: '0', UPSTREAM_MAX_RETRIES: '0', ...env },
  });
  relays.push(relay);
  return relay;
}

/** The widget API from one client address (behind the relay's one trusted proxy hop). */
function from(relay: TestRelay, ip: string) {
  const api = widgetApi(relay.url);
  const headers = { 'x-forwarded-for': ip };
  return {
    async session() {
      const res = await api.call('/api/sessions', { method: 'POST', headers });
      return ((await res.json()) as { token: string }).token;
    },
    create: (token: string) => api.call('/api/conversations', { method: 'POST', token, headers }),
    read: (token: string, id: string) => api.call(`/api/conversations/${id}`, { token, headers }),
    remove: (token: string, id: string) =>
      api.call(`/api/conversations/${id}`, { method: 'DELETE', token, headers }),
    ask: (token: string, id: string, signal?: AbortSignal) =>
      api.call(`/api/conversations/${id}/messages`, {
        method: 'POST',
        token,
        headers,
        body: JSON.stringify({ content: 'q' }),
        ...(signal ? { signal } : {}),
      }),
  };
}

const statuses = async (responses: Promise<Response>[]) =>
  Promise.all(
    responses.map(async (p) => {
      const res = await p;
      await res.body?.cancel();
      return res.status;
    }),
  );

describe('the upstream budget is shared fairly between client addresses', () => {
  it('stops one IP from spending the whole upstream budget, so another IP is still served', async () => {
    const relay = scarce;
    upstream.state.mode = 'ok';
    const attacker = from(relay, '203.0.113.1');
    const token = await attacker.session();
    const spent: number[] = [];
    for (let i = 0; i < 8; i++) spent.push(...(await statuses([attacker.create(token)])));
    expect(spent).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
    const refused = await attacker.create(token);
    expect(refused.headers.get('retry-after')).toBe('40'); // the rest of the fixed minute
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited', retryable: true } });

    const neighbour = from(relay, '198.51.100.7');
    expect(await statuses([neighbour.create(await neighbour.session())])).toEqual([201]);
  });

  it('counts reads and deletes that must go upstream (transcripts off) against the IP share', async () => {
    const visitor = from(scarce, '203.0.113.2');
    const token = await visitor.session();
    const created = await visitor.create(token);
    const { id } = (await created.json()) as { id: string };
    expect(await statuses([visitor.read(token, id)])).toEqual([200]);
    expect(await statuses([visitor.read(token, id)])).toEqual([429]);
    expect(await statuses([visitor.remove(token, id)])).toEqual([429]);
  });

  it("serves a visitor's reads of their own conversation from the relay's transcript, spending no upstream budget", async () => {
    upstream.state.mode = 'ok';
    const visitor = from(transcribing, '203.0.113.3');
    const token = await visitor.session();
    const { id } = (await (await visitor.create(token)).json()) as { id: string };
    const events = await readEvents(await visitor.ask(token, id));
    expect(events.at(-1)?.event).toBe('done');
    // However often the visitor reads, the upstream is not asked.
    const upstreamReads = upstream.state.calls.get('GET /v1/conversations/:id') ?? 0;
    for (let i = 0; i < 5; i++) {
      const res = await visitor.read(token, id);
      expect(res.status).toBe(200);
      const view = (await res.json()) as ConversationView;
      expect(view).toMatchObject({ id, created: 1 });
      expect(view.messages).toEqual([
        { role: 'user', content: 'q', citations: [] },
        { role: 'assistant', content: 'Hi', citations: [] },
      ]);
    }
    expect(upstream.state.calls.get('GET /v1/conversations/:id') ?? 0).toBe(upstreamReads);
  });

  it('reads from the upstream when the answer was cut off, as the relay copy may then be partial', async () => {
    const visitor = from(transcribing, '203.0.113.4');
    const token = await visitor.session();
    const { id } = (await (await visitor.create(token)).json()) as { id: string };
    upstream.state.mode = 'hang';
    await readEvents(await visitor.ask(token, id)); // ends with a timeout error
    upstream.state.mode = 'ok';
    const before = upstream.state.calls.get('GET /v1/conversations/:id') ?? 0;
    expect(await statuses([visitor.read(token, id)])).toEqual([200]);
    expect(upstream.state.calls.get('GET /v1/conversations/:id')).toBe(before + 1);
  });
});

describe('answer streams held open at once', () => {
  it('caps answer streams held open per visitor and per IP with 429 and Retry-After', async () => {
    const relay = streaming;
    upstream.state.mode = 'hang'; // a slow upstream: every answer stays open
    const open: AbortController[] = [];
    const start = async (client: ReturnType<typeof from>, token: string, id: string) => {
      const visitorLeaves = new AbortController();
      open.push(visitorLeaves);
      return client.ask(token, id, visitorLeaves.signal);
    };
    // An open answer is left open (reading stops, the connection stays): cancelling it would end it.
    const statusOf = async (pending: Promise<Response>) => {
      const res = await pending;
      if (res.status !== 200) await res.body?.cancel();
      return res.status;
    };
    try {
      const home = from(relay, '203.0.113.5');
      const [alice, bob, carol] = [await home.session(), await home.session(), await home.session()];
      const ids = await Promise.all(
        [alice, bob, carol].map(async (t) => ((await (await home.create(t)).json()) as { id: string }).id),
      );
      const [aliceId, bobId, carolId] = ids as [string, string, string];
      expect(await statusOf(start(home, alice, aliceId))).toBe(200);
      expect(await statusOf(start(home, alice, aliceId))).toBe(200);
      const third = await start(home, alice, aliceId);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await third.json()).toMatchObject({ error: { code: 'rate_limited', retryable: true } });
      // Another visitor on the same address fills the address's cap of 3, and then no more.
      expect(await statusOf(start(home, bob, bobId))).toBe(200);
      expect(await statusOf(start(home, carol, carolId))).toBe(429);
      // Another address is not affected.
      const away = from(relay, '198.51.100.8');
      const dave = await away.session();
      const daveId = ((await (await away.create(dave)).json()) as { id: string }).id;
      expect(await statusOf(start(away, dave, daveId))).toBe(200);
      // A stream that ends gives its slot back.
      open[0]?.abort();
      await expect
        .poll(() => statusOf(start(home, carol, carolId)), { timeout: 3000, interval: 100 })
        .toBe(200);
    } finally {
      for (const visitor of open) visitor.abort();
      upstream.state.mode = 'ok';
    }
  });
});
