import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, readEvents, widgetApi } from './helpers.js';
import { startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
const REQUEST_TIMEOUT_MS = 400;
let upstream: Awaited<ReturnType<typeof startStandIn>>;
let relay: TestRelay;

beforeAll(async () => {
  upstream = await startStandIn();
  relay = await startTestRelay({
    upstreamBaseUrl: upstream.url,
    chatKey: KEY,
    ingestKey: KEY,
    allowedOrigins: [ORIGIN],
    env: {
      // Short bounds, so the test waits well under a second where production waits a minute.
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: '300',
      WEBHOOK_SECRET: 'whsec_slow_requests_test',
      LIMIT_WEBHOOKS_PER_IP_PER_MINUTE: '8',
      TRUST_PROXY: '1',
    },
  });
});
afterAll(async () => {
  await relay?.close();
  await upstream?.close();
});

/** A raw connection that sends `head` at once; resolves with what came back once it is closed. */
function openRaw(head: string): { socket: Socket; closed: Promise<{ ms: number; reply: string }> } {
  const { hostname, port } = new URL(relay.url);
  const socket = connect(Number(port), hostname);
  const started = Date.now();
  let reply = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    reply += chunk;
  });
  socket.on('error', () => undefined);
  socket.write(head);
  const closed = new Promise<{ ms: number; reply: string }>((resolve) =>
    socket.on('close', () => resolve({ ms: Date.now() - started, reply })),
  );
  return { socket, closed };
}

describe('requests that arrive slowly', () => {
  it('closes half-sent webhook requests once the request timeout passes', async () => {
    const conns = Array.from({ length: 5 }, (_, i) =>
      openRaw(
        'POST /webhooks/chatbot HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\n' +
          `X-Forwarded-For: 198.51.100.${10 + i}\r\nContent-Length: 10000\r\n\r\n{"id":`,
      ),
    );
    // Keep trickling a byte now and then, as a slow-body attack does.
    const trickle = setInterval(() => {
      for (const { socket } of conns) if (!socket.destroyed) socket.write(' ');
    }, 50);
    try {
      const results = await Promise.all(conns.map((c) => c.closed));
      for (const { ms, reply } of results) {
        expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
        expect(reply === '' || reply.startsWith('HTTP/1.1 408')).toBe(true);
      }
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection whose headers never finish', async () => {
    const { closed } = openRaw('GET /healthz HTTP/1.1\r\nHost: relay\r\nX-Slow: ');
    expect((await closed).ms).toBeLessThan(1500);
  });

  it('keeps a long answer stream open past the request timeout (it bounds only the arrival)', async () => {
    upstream.state.mode = 'paced'; // five deltas 100 ms apart, then done: longer than the timeout
    const api = widgetApi(relay.url);
    const token = await api.session();
    const id = await api.conversation(token);
    const started = Date.now();
    const events = await readEvents(await api.ask(token, id, 'q'));
    expect(Date.now() - started).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(events.map((e) => e.event)).toEqual([
      'start',
      'delta',
      'delta',
      'delta',
      'delta',
      'delta',
      'done',
    ]);
    upstream.state.mode = 'ok';
  });

  it('rate-limits the webhook path per IP before reading the body', async () => {
    const deliver = (ip: string) =>
      fetch(`${relay.url}/webhooks/chatbot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await deliver('203.0.113.50')).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true); // unsigned: refused, but counted
    expect(statuses.slice(8)).toEqual([429, 429]);
    const limited = await deliver('203.0.113.50');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await deliver('203.0.113.51')).status).toBe(401);
  });
});
