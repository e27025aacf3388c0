import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, readEvents, widgetApi } from './helpers.js';
import { startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
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
      UPSTREAM_TIMEOUT_MS: '300',
      HEARTBEAT_MS: '50',
      MAX_STREAM_SECONDS: '2',
      UPSTREAM_MAX_RETRIES: '0',
    },
  });
});
afterAll(async () => {
  await relay?.close();
  await upstream?.close();
});

async function newConversation() {
  upstream.state.mode = 'ok';
  const api = widgetApi(relay.url);
  const token = await api.session();
  return { api, token, id: await api.conversation(token) };
}

describe('upstream faults become widget errors', () => {
  it.each([
    ['429', 429, 'rate_limited', '1'],
    ['503', 503, 'upstream_unavailable', '5'],
    ['slow', 504, 'timeout', '5'],
  ] as const)('upstream %s → HTTP %i %s with the wait', async (mode, status, code, retryAfter) => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = mode;
    const res = await api.ask(token, id, 'q');
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe(retryAfter);
    expect(await res.json()).toMatchObject({
      error: { code, retryable: true, retryAfter: Number(retryAfter) },
    });
  });

  it('turns an in-band error frame mid-stream into an error event', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = 'inband';
    const events = await readEvents(await api.ask(token, id, 'q'));
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'error']);
    expect(events[2]?.data).toMatchObject({ code: 'upstream_unavailable', retryable: true, retryAfter: 5 });
  });

  it('aborts the upstream request when the visitor disconnects', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = 'hang';
    const before = upstream.state.aborted;
    const visitor = new AbortController();
    const res = await api.ask(token, id, 'q', visitor.signal);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    visitor.abort();
    await expect.poll(() => upstream.state.aborted, { timeout: 2000 }).toBe(before + 1);
  });

  it('sends heartbeats and ends a stream at its maximum lifetime, aborting upstream', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = 'hang';
    const before = upstream.state.aborted;
    const res = await api.ask(token, id, 'q');
    const text = await res.text();
    expect(text).toContain(': ping');
    expect(text).toContain('event: error');
    expect(text).toContain('"code":"timeout"');
    await expect.poll(() => upstream.state.aborted).toBe(before + 1);
  });

  it('reuses the upstream connection for the next answer once an answer has finished', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.streamSockets.clear();
    for (let i = 0; i < 3; i++) {
      const events = await readEvents(await api.ask(token, id, 'q'));
      expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'done']);
    }
    expect(upstream.state.streamSockets.size).toBe(1);
  });

  it.each([
    ['done-then-silence', 'no [DONE] follows the done frame'],
    ['done-then-more', 'a frame follows the done frame'],
  ] as const)('delivers the answer and closes the upstream request when %s (%s)', async (mode, _why) => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = mode;
    const before = upstream.state.aborted;
    const started = Date.now();
    const events = await readEvents(await api.ask(token, id, 'q'));
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'done']);
    expect(events[2]?.data).toMatchObject({ message: { content: 'Hi' } });
    // Within the grace for [DONE] (1 s), not the stream's maximum lifetime (2 s here).
    expect(Date.now() - started).toBeLessThan(1800);
    await expect.poll(() => upstream.state.aborted, { timeout: 2000 }).toBe(before + 1);
  });

  it('passes the request id upstream', async () => {
    const { api, token, id } = await newConversation();
    const res = await api.call(`/api/conversations/${id}/messages`, {
      method: 'POST',
      token,
      body: JSON.stringify({ content: 'q' }),
      headers: { 'x-request-id': 'rid-fault-1' },
    });
    await res.text();
    expect(upstream.state.lastRequestId).toBe('rid-fault-1');
  });

  it('reports an unreachable upstream as 503', async () => {
    const down = await startTestRelay({
      upstreamBaseUrl: 'http://127.0.0.1:9/v1',
      chatKey: KEY,
      ingestKey: KEY,
      allowedOrigins: [ORIGIN],
      env: { UPSTREAM_MAX_RETRIES: '0' },
    });
    try {
      const api = widgetApi(down.url);
      const res = await api.call('/api/conversations', { method: 'POST', token: await api.session() });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'upstream_unavailable', retryable: true } });
      expect((await fetch(`${down.url}/readyz`)).status).toBe(503);
    } finally {
      await down.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an open stream finish before closing', async () => {
    const own = await startTestRelay({
      upstreamBaseUrl: upstream.url,
      chatKey: KEY,
      ingestKey: KEY,
      allowedOrigins: [ORIGIN],
    });
    upstream.state.mode = 'ok';
    const api = widgetApi(own.url);
    const token = await api.session();
    const id = await api.conversation(token);
    upstream.state.mode = 'paced';
    const res = await api.ask(token, id, 'q');
    const closing = own.close(5000);
    const events = await readEvents(res);
    await closing;
    expect(events.at(-1)?.event).toBe('done');
    await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
  });
});
