import { ChatbotClient, NotFoundError } from '@amicus/chatbot-client';
import type { ConversationView, StreamEventMap } from '@amicus/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, ORIGIN, readEvents, widgetApi } from './helpers.js';
import { startStack } from './stack.js';

let stack: Awaited<ReturnType<typeof startStack>>;
const logs = captureLogs();
const seen: string[] = [];

beforeAll(async () => {
  stack = await startStack({ seed: true, relay: { logDestination: logs.stream } });
});
afterAll(() => stack?.close());

describe('widget API against the real chatbot-api', () => {
  it('streams a cited answer, shows it again, and deletes it upstream too', async () => {
    const api = widgetApi(stack.relay.url);
    const token = await api.session();
    const id = await api.conversation(token);
    const res = await api.ask(token, id, 'How do I pay a traffic ticket?');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const events = await readEvents(res);
    expect(events[0]).toEqual({ event: 'start', data: { conversationId: id } });
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const message = (done as { data: StreamEventMap['done'] }).data.message;
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(message.content).toBe(text);
    expect(message.citations.length).toBeGreaterThan(0);
    const citation = message.citations[0];
    expect(citation?.title).not.toBe('');
    expect(citation?.url === null || citation?.url?.startsWith(ORIGIN)).toBe(true);
    expect(message.content).toContain(`[Source ${citation?.index}]`);
    seen.push(JSON.stringify(events));

    const view = await api.call(`/api/conversations/${id}`, { token });
    expect(view.status).toBe(200);
    const body = (await view.json()) as ConversationView;
    seen.push(JSON.stringify(body));
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(body.messages[1]?.citations).toEqual(message.citations);

    expect((await api.call(`/api/conversations/${id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api.call(`/api/conversations/${id}`, { token })).status).toBe(404);
    const direct = new ChatbotClient({ baseUrl: stack.api.url, apiKey: stack.api.chatKey });
    await expect(direct.getConversation(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps every visitor out of conversations it does not own (IDOR)', async () => {
    const api = widgetApi(stack.relay.url);
    const alice = await api.session();
    const mallory = await api.session();
    const id = await api.conversation(alice);
    const unknown = '3f2b7c1e-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', `/api/conversations/${id}`],
      ['DELETE', `/api/conversations/${id}`],
      ['POST', `/api/conversations/${id}/messages`],
    ] as const) {
      const body = method === 'POST' ? { body: JSON.stringify({ content: 'hi' }) } : {};
      const foreign = await api.call(path, { method, token: mallory, ...body });
      const missing = await api.call(path.replace(id, unknown), { method, token: mallory, ...body });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual(await missing.json());
    }
    expect((await api.call(`/api/conversations/${id}`, { token: alice })).status).toBe(200);
  });

  it('serves the built widget cross-origin despite helmet, with its manifest', async () => {
    const res = await fetch(`${stack.relay.url}/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('etag')).toBeTruthy();
    const manifest = (await (await fetch(`${stack.relay.url}/widget.json`)).json()) as {
      url: string;
      integrity: string;
    };
    expect(manifest.integrity).toMatch(/^sha384-/);
    const pinned = await fetch(`${stack.relay.url}${manifest.url}`);
    expect(pinned.headers.get('cache-control')).toContain('immutable');
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${stack.relay.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.relay.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: true, upstream: true });
  });

  it('echoes a caller X-Request-ID and sends it upstream', async () => {
    const api = widgetApi(stack.relay.url);
    const token = await api.session();
    const res = await api.call('/api/conversations', {
      method: 'POST',
      token,
      headers: { 'x-request-id': 'trace-abc_123' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-abc_123');
    expect(logs.lines.some((l) => l.includes('"reqId":"trace-abc_123"'))).toBe(true);
    const bad = await api.call('/api/conversations', {
      method: 'POST',
      token,
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never puts the upstream keys, tokens or message text in a response or log line', async () => {
    const api = widgetApi(stack.relay.url);
    const token = await api.session();
    const id = await api.conversation(token);
    const secretQuestion = 'my case number is ZX-99812 about jury duty';
    const events = await readEvents(await api.ask(token, id, secretQuestion));
    seen.push(JSON.stringify(events));
    for (const path of ['/healthz', '/readyz', '/widget.json', '/widget.js', '/panel.js', '/api/nope']) {
      const res = await fetch(`${stack.relay.url}${path}`, { headers: { origin: ORIGIN } });
      seen.push(await res.text(), JSON.stringify([...res.headers]));
    }
    expect(logs.lines.length).toBeGreaterThan(5);
    for (const line of logs.lines) {
      expect(JSON.parse(line).reqId ?? JSON.parse(line).msg).toBeTruthy();
      expect(line).not.toContain(token);
      expect(line).not.toContain('ZX-99812');
    }
    for (const text of [...seen, ...logs.lines]) {
      expect(text).not.toContain(stack.api.chatKey);
      expect(text).not.toContain(stack.api.ingestKey);
      expect(text).not.toContain('svc_sk_');
    }
    const requestLines = logs.lines.filter((l) => JSON.parse(l).msg === 'request');
    expect(requestLines.every((l) => typeof JSON.parse(l).reqId === 'string')).toBe(true);
  });
});
