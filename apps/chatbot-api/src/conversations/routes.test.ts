import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, updateBot } from '../accounts/bots.js';
import { writeFixtureSite } from '../test-support/fixture-site.js';
import { authHeaders, fetchWire, sseFrames, type Wire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { modelWindow } from './store.js';

let api: TestChatbotApi;
let site: string;
beforeAll(async () => {
  site = writeFixtureSite();
  api = await startTestChatbotApi({ seedDir: site });
});
afterAll(async () => {
  await api.close();
  rmSync(site, { recursive: true, force: true });
});

function call(method: string, path: string, body?: unknown) {
  return fetchWire(`${api.url}${path}`, {
    method,
    headers: authHeaders(api.chatKey),
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

describe('POST /v1/conversations', () => {
  it('creates with an empty body as {} and returns 201', async () => {
    const res = await call('POST', '/conversations');
    expect(res.status).toBe(201);
    const conv = await res.json();
    expect(conv).toMatchObject({ object: 'conversation', model: null, metadata: {} });
    expect(conv.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(conv.created).toBe(conv.updated);
  });

  it('echoes the canonical slug and validates metadata', async () => {
    const ok = await call('POST', '/conversations', { model: api.botSlug, metadata: { page: '/traffic' } });
    expect(await ok.json()).toMatchObject({ model: api.botSlug, metadata: { page: '/traffic' } });
    for (const metadata of [
      'x',
      { n: 1 },
      { ['k'.repeat(65)]: 'v' },
      { k: 'v'.repeat(513) },
      Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])),
    ]) {
      const res = await call('POST', '/conversations', { metadata });
      expect(res.status).toBe(400);
      expect((await res.json()).error.param).toBe('metadata');
    }
    const unknown = await call('POST', '/conversations', { model: 'nope' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('model_not_found');
  });
});

describe('conversation messages', () => {
  it('answers, stores the turn and returns it on GET', async () => {
    const conv = await (await call('POST', '/conversations')).json();
    const res = await call('POST', `/conversations/${conv.id}/messages`, {
      content: 'How do I pay a traffic ticket?',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.conversation_id).toBe(conv.id);
    expect(Object.keys(body.message).sort()).toEqual(['citations', 'content', 'role']);
    expect(body.message.content).toMatch(/\[Source 1\]/);
    const read = await (await call('GET', `/conversations/${conv.id}`)).json();
    expect(read.messages.map((m: Wire) => m.role)).toEqual(['user', 'assistant']);
    expect(read.messages[1].citations).toEqual(body.message.citations);
  });

  it('streams deltas, then the done frame, then [DONE], storing the turn first', async () => {
    const conv = await (await call('POST', '/conversations')).json();
    const res = await call('POST', `/conversations/${conv.id}/messages`, {
      content: 'Can I be excused from jury duty?',
      stream: true,
    });
    const frames = sseFrames(await res.text()) as Wire[];
    expect(frames.at(-1)).toBe('[DONE]');
    const done = frames.at(-2);
    expect(done).toMatchObject({ conversation_id: conv.id, done: true, message: { role: 'assistant' } });
    const deltas = frames.slice(0, -2);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((f) => f.conversation_id === conv.id && typeof f.delta.content === 'string')).toBe(
      true,
    );
    expect(deltas.map((f) => f.delta.content).join('')).toBe(done.message.content);
    const read = await (await call('GET', `/conversations/${conv.id}`)).json();
    expect(read.messages).toHaveLength(2);
  });

  it('validates content and returns 404 for unknown, malformed and deleted conversations', async () => {
    const conv = await (await call('POST', '/conversations')).json();
    for (const content of ['', '   ', 5, 'x'.repeat(100_001)]) {
      const res = await call('POST', `/conversations/${conv.id}/messages`, { content });
      expect(res.status).toBe(400);
      expect((await res.json()).error.param).toBe('content');
    }
    const del = await call('DELETE', `/conversations/${conv.id}`);
    expect(del.status).toBe(204);
    expect(del.headers.get('content-type')).toBeNull();
    expect(await del.text()).toBe('');
    for (const id of [conv.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call('GET', `/conversations/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
    expect((await call('DELETE', `/conversations/${conv.id}`)).status).toBe(404);
  });

  it('fails with model_not_found once the conversation bot is disabled', async () => {
    const bot = createBot(api.deps.db, { accountId: api.accountId, slug: 'temp-bot', now: new Date() });
    const conv = await (await call('POST', '/conversations', { model: 'temp-bot' })).json();
    updateBot(api.deps.db, bot.id, { enabled: false });
    const res = await call('POST', `/conversations/${conv.id}/messages`, { content: 'hello' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('model_not_found');
    const read = await (await call('GET', `/conversations/${conv.id}`)).json();
    expect(read.messages).toEqual([]);
  });
});

describe('modelWindow', () => {
  it('keeps the 40 latest messages and opens on a user turn', () => {
    const messages = Array.from({ length: 45 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', i }));
    const window = modelWindow(messages);
    expect(window.length).toBeLessThanOrEqual(40);
    expect(window[0]!.role).toBe('user');
    expect(window.at(-1)).toBe(messages.at(-1));
    expect(modelWindow(messages.slice(0, 41)).length).toBe(39);
  });
});
