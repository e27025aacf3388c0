import { describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from './event-stream';
import { createRelayClient, type Session } from './relay-client';
import { parseRetryAfter, RelayError } from './relay-error';
import { answer, frame, json, session, sse, testRelay } from './test-relay';

function memoryStore(initial: Session | null = null) {
  let value = initial;
  return {
    load: () => value,
    save: (s: Session | null) => {
      value = s;
    },
    get: () => value,
  };
}

async function collect(iterable: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of iterable) out.push(e);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<RelayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RelayError);
    return error as RelayError;
  }
  throw new Error('expected a RelayError');
}

const relayUrl = 'https://relay.example';

describe('createRelayClient', () => {
  it('mints a token once, sends it as a Bearer token and keeps it in the store', async () => {
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session('tok-1')),
      'POST /api/conversations': () => json(201, { id: 'c1', created: 1 }),
    });
    const store = memoryStore();
    const client = createRelayClient({ relay: relayUrl, store, fetch: relay.fetch });
    await client.createConversation();
    await client.createConversation();
    expect(relay.calls.filter((c) => c.path === '/api/sessions')).toHaveLength(1);
    expect(relay.calls[1]?.auth).toBe('Bearer tok-1');
    expect(store.get()?.token).toBe('tok-1');
  });

  it('refreshes the token after refreshAt, presenting the current one to keep the same visitor', async () => {
    let now = Date.now();
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session('tok-2')),
      'GET /api/conversations/c1': () => json(200, { id: 'c1', created: 1, messages: [] }),
    });
    const store = memoryStore({ token: 'tok-1', refreshAt: now + 1000, expiresAt: now + 60_000 });
    const client = createRelayClient({ relay: relayUrl, store, fetch: relay.fetch, now: () => now });
    await client.getConversation('c1');
    expect(relay.calls.map((c) => c.path)).toEqual(['/api/conversations/c1']);
    now += 5000;
    await client.getConversation('c1');
    const mint = relay.calls.find((c) => c.path === '/api/sessions');
    expect(mint?.auth).toBe('Bearer tok-1');
    expect(relay.calls.at(-1)?.auth).toBe('Bearer tok-2');
  });

  it('mints a new token once when the relay answers 401', async () => {
    let minted = 0;
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session(`tok-${++minted}`)),
      'DELETE /api/conversations/c1': ({ headers }) =>
        headers.get('authorization') === 'Bearer tok-2'
          ? new Response(null, { status: 204 })
          : json(401, { error: { code: 'unauthorized', message: 'x', retryable: false, retryAfter: null } }),
    });
    const client = createRelayClient({ relay: relayUrl, store: memoryStore(), fetch: relay.fetch });
    await client.deleteConversation('c1');
    expect(minted).toBe(2);
  });

  it('streams start, deltas and done, across split frames and heartbeats', async () => {
    const done = frame('done', { message: answer('Pay online [Source 1].') });
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session()),
      'POST /api/conversations/c1/messages': () =>
        sse([
          ': ping\n\n',
          frame('start', { conversationId: 'c1' }),
          'event: delta\ndata: {"text":"Pay online [Sour"}\n',
          '\nevent: delta\ndata: {"text":"ce 1]."}\n\n: ping\n\n',
          done.slice(0, 10),
          done.slice(10),
        ]),
    });
    const client = createRelayClient({ relay: relayUrl, store: memoryStore(), fetch: relay.fetch });
    const events = await collect(client.send('c1', 'How do I pay?'));
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'done']);
    expect(JSON.parse(relay.calls.at(-1)?.body ?? '')).toEqual({ content: 'How do I pay?' });
  });

  it('turns an error frame into a typed error', async () => {
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session()),
      'POST /api/conversations/c1/messages': () =>
        sse([
          frame('delta', { text: 'Partial' }),
          frame('error', {
            code: 'upstream_unavailable',
            message: 'down',
            retryable: true,
            retryAfter: null,
          }),
        ]),
    });
    const client = createRelayClient({ relay: relayUrl, store: memoryStore(), fetch: relay.fetch });
    const error = await failure(collect(client.send('c1', 'q')));
    expect(error.kind).toBe('server');
    expect(error.retryable).toBe(true);
  });

  it('reports a stream that ends without done as cut', async () => {
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session()),
      'POST /api/conversations/c1/messages': () => sse([frame('delta', { text: 'Partial' })]),
    });
    const client = createRelayClient({ relay: relayUrl, store: memoryStore(), fetch: relay.fetch });
    expect((await failure(collect(client.send('c1', 'q')))).kind).toBe('cut');
  });

  it('maps 429 with Retry-After, 5xx and 504 to their own kinds', async () => {
    const limited = {
      error: { code: 'rate_limited', message: 'slow down', retryable: true, retryAfter: null },
    };
    const statuses: Response[] = [
      json(429, limited, { 'retry-after': '42' }),
      json(502, { error: { code: 'upstream_unavailable', message: 'x', retryable: true, retryAfter: null } }),
      new Response('<html>Gateway Timeout</html>', { status: 504 }),
      new Response('oops', { status: 500 }),
    ];
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session()),
      'POST /api/conversations': () => statuses.shift() as Response,
    });
    const client = createRelayClient({ relay: relayUrl, store: memoryStore(), fetch: relay.fetch });
    const limitedError = await failure(client.createConversation());
    expect([limitedError.kind, limitedError.retryAfter]).toEqual(['rateLimited', 42]);
    expect((await failure(client.createConversation())).kind).toBe('server');
    expect((await failure(client.createConversation())).kind).toBe('timeout');
    expect((await failure(client.createConversation())).kind).toBe('server');
  });

  it('tells offline from an unreachable relay', async () => {
    const client = createRelayClient({
      relay: relayUrl,
      store: memoryStore(),
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    vi.stubGlobal('navigator', { onLine: true });
    try {
      expect((await failure(client.createConversation())).kind).toBe('network');
      vi.stubGlobal('navigator', { onLine: false });
      expect((await failure(client.createConversation())).kind).toBe('offline');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('times out a stream that goes silent, and reports Stop as aborted', async () => {
    const relay = testRelay({
      'POST /api/sessions': () => json(201, session()),
      'POST /api/conversations/c1/messages': () => sse([frame('delta', { text: 'a' })], { hang: true }),
    });
    const client = createRelayClient({
      relay: relayUrl,
      store: memoryStore(),
      fetch: relay.fetch,
      idleTimeoutMs: 50,
    });
    expect((await failure(collect(client.send('c1', 'q')))).kind).toBe('timeout');

    const stop = new AbortController();
    const pending = collect(client.send('c1', 'q', stop.signal));
    setTimeout(() => stop.abort(), 10);
    expect((await failure(pending)).kind).toBe('aborted');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 1_000)).toBe(60);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
