import type { ConversationView, StreamEventMap } from '@amicus/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, readEvents, widgetApi } from './helpers.js';
import { startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
const UNDECODABLE = 'https://court.example/forms/%E0%A4%A';
let upstream: Awaited<ReturnType<typeof startStandIn>>;
let relay: TestRelay;

beforeAll(async () => {
  upstream = await startStandIn();
  relay = await startTestRelay({
    upstreamBaseUrl: upstream.url,
    chatKey: KEY,
    ingestKey: KEY,
    allowedOrigins: [ORIGIN],
    env: { UPSTREAM_RPM: '1000', UPSTREAM_MAX_RETRIES: '0' },
  });
});
afterAll(async () => {
  await relay?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.state.mode = 'ok';
  upstream.state.created = undefined;
  upstream.state.conversation = undefined;
  upstream.state.raw = undefined;
});

const citation = (over: Record<string, unknown>) => ({
  source_index: 1,
  document_id: 'doc-1',
  source_filename: 'https://court.example/pay.html',
  chunk_index: 0,
  text_preview: 'Pay online.',
  score: 1,
  ...over,
});
const hostileCitations = [
  citation({ source_filename: UNDECODABLE, title: undefined }),
  null,
  42,
  citation({ source_index: 'one' }),
  citation({ source_index: 2, source_filename: 'javascript:alert(1)', title: { html: '<b>' } }),
  citation({ source_index: 3, text_preview: null, chunk_index: 'x', document_id: 7 }),
];

async function newConversation() {
  const api = widgetApi(relay.url);
  const token = await api.session();
  return { api, token, id: await api.conversation(token) };
}

describe('an upstream sending hostile data', () => {
  it('streams an answer whose citation URL cannot be decoded, with the citation kept', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = 'scripted';
    upstream.state.frames = [
      { conversation_id: id, delta: { content: 'See [Source 1].' } },
      {
        conversation_id: id,
        message: { role: 'assistant', content: 'See [Source 1].', citations: hostileCitations },
        done: true,
      },
    ];
    const res = await api.ask(token, id, 'q');
    expect(res.status).toBe(200);
    const events = await readEvents(res);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'done']);
    const { message } = (events[2] as { data: StreamEventMap['done'] }).data;
    expect(message.citations.map((c) => c.index)).toEqual([1, 2, 3]);
    expect(message.citations[0]).toMatchObject({ url: UNDECODABLE, title: '%E0%A4%A' });
    expect(message.citations[1]).toMatchObject({ url: null, title: 'Javascript:alert(1)' });
    expect(message.citations[2]).toMatchObject({ preview: '', chunkIndex: 0, documentId: '' });
  });

  it('skips frames of the wrong shape instead of breaking the stream', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.mode = 'scripted';
    upstream.state.frames = [
      null,
      42,
      'text',
      [1, 2],
      { conversation_id: id },
      { conversation_id: id, delta: 'Hi' },
      { conversation_id: id, delta: { content: { evil: true } } },
      { conversation_id: id, delta: { content: 'Hello' } },
      { conversation_id: id, done: true, message: { content: 5, citations: 'none' } },
    ];
    const events = await readEvents(await api.ask(token, id, 'q'));
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'done']);
    expect(events[1]?.data).toEqual({ text: 'Hello' });
    expect(events[2]?.data).toEqual({ message: { role: 'assistant', content: '', citations: [] } });
  });

  it('answers GET /api/conversations/{id} with sanitized messages, never 500', async () => {
    const { api, token, id } = await newConversation();
    upstream.state.conversation = {
      id: 'not-this-one',
      created: 'yesterday',
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a', citations: hostileCitations },
        { role: 'system', content: 'secret instructions' },
        null,
        { role: 'assistant', content: null, citations: { length: 1 } },
      ],
    };
    const res = await api.call(`/api/conversations/${id}`, { token });
    expect(res.status).toBe(200);
    const view = (await res.json()) as ConversationView;
    expect(view.id).toBe(id);
    expect(view.created).toBe(0);
    expect(view.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'q'],
      ['assistant', 'a'],
      ['assistant', ''],
    ]);
    expect(view.messages[1]?.citations[0]).toMatchObject({ url: UNDECODABLE });

    for (const conversation of [null, [], 'x', { messages: 'none' }]) {
      upstream.state.conversation = conversation;
      const again = await api.call(`/api/conversations/${id}`, { token });
      expect(again.status).toBe(200);
      expect(((await again.json()) as ConversationView).messages).toEqual([]);
    }
  });

  it('answers 503, never 500, when the upstream creates a conversation without a usable id', async () => {
    const api = widgetApi(relay.url);
    const token = await api.session();
    for (const created of [{}, { id: 42 }, { id: '../../admin' }, 'text']) {
      upstream.state.created = created;
      const res = await api.call('/api/conversations', { method: 'POST', token });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'upstream_unavailable' } });
    }
  });

  it('answers 503, never 500, when the upstream answers 2xx with a body that is not JSON', async () => {
    const { api, token, id } = await newConversation();
    for (const raw of ['<html>Bad gateway</html>', '{"id": "', '']) {
      upstream.state.raw = raw;
      const created = await api.call('/api/conversations', { method: 'POST', token });
      expect(created.status, raw).toBe(503);
      expect(await created.json()).toMatchObject({ error: { code: 'upstream_unavailable' } });
      const read = await api.call(`/api/conversations/${id}`, { token });
      expect(read.status, raw).toBe(503);
      expect(await read.json()).toMatchObject({ error: { code: 'upstream_unavailable' } });
    }
  });
});
