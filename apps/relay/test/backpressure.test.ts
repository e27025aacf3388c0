import { once } from 'node:events';
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, type SseEvent, widgetApi } from './helpers.js';
import { floodDelta, startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
// 4,000 deltas of 16 KiB: ~64 MiB, several times what the sockets and stream buffers between the
// upstream and a visitor who stopped reading hold (~8 MiB on a Linux loopback, kernel autotuning
// included); the bound below leaves that room to double before it would flake.
const DELTAS = 4000;
const DELTA_CHARS = 16 * 1024;
const TOTAL_BYTES = DELTAS * DELTA_CHARS;

let upstream: Awaited<ReturnType<typeof startStandIn>>;
let relay: TestRelay;

beforeAll(async () => {
  upstream = await startStandIn();
  relay = await startTestRelay({
    upstreamBaseUrl: upstream.url,
    chatKey: KEY,
    ingestKey: KEY,
    allowedOrigins: [ORIGIN],
    env: { UPSTREAM_MAX_RETRIES: '0', MAX_STREAM_SECONDS: '120' },
  });
});
afterAll(async () => {
  await relay?.close();
  await upstream?.close();
});

/** Asks a question over a raw `node:http` request and leaves the answer unread (paused). */
async function askWithoutReading(): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  upstream.state.mode = 'ok';
  const api = widgetApi(relay.url);
  const token = await api.session();
  const id = await api.conversation(token);
  upstream.state.mode = 'flood';
  Object.assign(upstream.state.flood, { deltas: DELTAS, deltaChars: DELTA_CHARS });
  const req = request(`${relay.url}/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: { origin: ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  req.end(JSON.stringify({ content: 'q' }));
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  res.pause();
  return { req, res };
}

/**
 * Resolves once the upstream has sat waiting for `drain` with no progress for a generous while
 * (or has sent everything). No assertion rests on the timing: a relay that keeps reading while
 * the visitor does not lets the upstream finish, which the caller's assertions catch.
 */
async function upstreamQuiet(quietMs = 750): Promise<void> {
  const flood = upstream.state.flood;
  let last = -1;
  let since = Date.now();
  for (;;) {
    if (flood.finished) return;
    if (flood.sent !== last || !flood.waiting) {
      last = flood.sent;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function readEvents(res: IncomingMessage): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }),
  });
  res.setEncoding('utf8');
  for await (const chunk of res) parser.feed(chunk as string);
  return events;
}

describe('stream proxy backpressure', () => {
  it('stops reading the upstream while the visitor does not read, then delivers everything in order', async () => {
    const { res } = await askWithoutReading();
    expect(res.statusCode).toBe(200);
    const flood = upstream.state.flood;

    await upstreamQuiet();
    // (a) The relay stopped pulling: the upstream is blocked on a full socket, far from done.
    expect(flood.finished).toBe(false);
    expect(flood.waiting).toBe(true);
    expect(flood.stalls).toBeGreaterThan(0);
    expect(flood.bytes).toBeLessThan(TOTAL_BYTES / 2);

    // (b) Reading again lets the rest through: every delta once, in order, then `done`.
    const events = await readEvents(res);
    expect(flood.finished).toBe(true);
    expect(events[0]).toEqual({ event: 'start', data: { conversationId: expect.any(String) } });
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBe(DELTAS);
    const wrong = deltas.findIndex((text, i) => text !== floodDelta(i, DELTA_CHARS));
    expect(wrong).toBe(-1);
    expect(events.length).toBe(DELTAS + 2);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { message: { content: `${DELTAS} deltas` } },
    });
  });

  it('aborts the upstream when the visitor leaves while the relay waits for drain', async () => {
    const { req } = await askWithoutReading();
    const before = upstream.state.aborted;
    await upstreamQuiet();
    expect(upstream.state.flood.waiting).toBe(true);
    req.destroy();
    await expect.poll(() => upstream.state.aborted, { timeout: 5000 }).toBe(before + 1);
    expect(upstream.state.flood.finished).toBe(false);
  });
});
