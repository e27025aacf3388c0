import type { WireCitation } from '@amicus/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChat } from './chat';
import { createI18n } from './i18n';
import { createPersistence, type SavedConversation } from './persistence';
import { createRelayClient } from './relay-client';
import { answer, frame, json, type Route, session, sse, testRelay } from './test-relay';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const citation: WireCitation = {
  index: 1,
  title: 'Pay a traffic ticket',
  url: 'https://court.example/traffic',
  preview: 'You can pay online.',
  documentId: 'd1',
  chunkIndex: 0,
};

function setup(routes: Record<string, Route>, saved?: SavedConversation) {
  const relay = testRelay({
    'POST /api/sessions': () => json(201, session()),
    'POST /api/conversations': () => json(201, { id: 'c1', created: 1 }),
    ...routes,
  });
  const storage = new MemoryStorage();
  const persistence = createPersistence('session', storage as unknown as Storage);
  if (saved) persistence.saveConversation(saved);
  const events: [string, unknown][] = [];
  const chat = createChat({
    client: createRelayClient({
      relay: 'https://relay.example',
      store: persistence.session,
      fetch: relay.fetch,
    }),
    persistence,
    i18n: createI18n('en', {}),
    emit: (name, detail) => events.push([name, detail]),
  });
  return { chat, relay, persistence, events };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createChat', () => {
  it('streams an answer, announces it once as plain text and remembers the conversation', async () => {
    const { chat, persistence, events } = setup({
      'POST /api/conversations/c1/messages': () =>
        sse([
          frame('start', { conversationId: 'c1' }),
          frame('delta', { text: 'Pay **online** ' }),
          frame('delta', { text: '[Source 1].' }),
          frame('done', { message: answer('Pay **online** [Source 1].', [citation]) }),
        ]),
    });
    const asking = chat.ask('  How do I pay?  ');
    expect(chat.status.value).toBe('Answering…');
    expect(chat.busy.value).toBe(true);
    await asking;
    const [question, reply] = chat.messages.value;
    expect(question?.content).toBe('How do I pay?');
    expect(reply).toMatchObject({
      state: 'done',
      content: 'Pay **online** [Source 1].',
      citations: [citation],
    });
    expect(chat.status.value).toBe('Answer: Pay online (Source 1).');
    expect(events).toEqual([['message', answer('Pay **online** [Source 1].', [citation])]]);
    expect(persistence.loadConversation()?.id).toBe('c1');
    expect(persistence.loadConversation()?.messages).toHaveLength(2);
  });

  it('keeps the draft and counts down after a 429, refusing to send until the wait is over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const limited = { error: { code: 'rate_limited', message: 'x', retryable: true, retryAfter: null } };
    const { chat, relay, events } = setup({
      'POST /api/conversations/c1/messages': () => json(429, limited, { 'retry-after': '3' }),
    });
    await chat.ask('Where is the courthouse?');
    expect(chat.messages.value).toEqual([]);
    expect(chat.draft.value).toBe('Where is the courthouse?');
    expect(chat.notice.value).toBe('rateLimited');
    expect(chat.wait.value).toBe(3);
    expect(events[0]?.[0]).toBe('error');
    const sent = relay.calls.length;
    await chat.ask(chat.draft.value);
    expect(relay.calls.length).toBe(sent);
    vi.advanceTimersByTime(1000);
    expect(chat.wait.value).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(chat.wait.value).toBe(0);
    expect(chat.notice.value).toBeNull();
  });

  it('keeps a partial answer marked incomplete, with a retry, when the stream is cut', async () => {
    let attempt = 0;
    const { chat } = setup({
      'POST /api/conversations/c1/messages': () =>
        ++attempt === 1
          ? sse([frame('delta', { text: 'You can pay' })])
          : sse([frame('done', { message: answer('You can pay online.') })]),
    });
    await chat.ask('How do I pay?');
    const reply = chat.messages.value[1];
    expect(reply).toMatchObject({ state: 'incomplete', content: 'You can pay', retry: 'How do I pay?' });
    expect(chat.notice.value).toBe('failed');
    chat.retry(reply!);
    await vi.waitFor(() => expect(chat.busy.value).toBe(false));
    expect(chat.messages.value.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How do I pay?'],
      ['assistant', 'You can pay online.'],
    ]);
  });

  it('gives 5xx, timeouts and offline their own notices', async () => {
    const { chat } = setup({
      'POST /api/conversations/c1/messages': () =>
        json(503, {
          error: { code: 'upstream_unavailable', message: 'x', retryable: true, retryAfter: null },
        }),
    });
    await chat.ask('q');
    expect(chat.notice.value).toBe('server');
    expect(chat.draft.value).toBe('q');
  });

  it('stops an answer on request and keeps what arrived', async () => {
    const { chat } = setup({
      'POST /api/conversations/c1/messages': () => sse([frame('delta', { text: 'Partial' })], { hang: true }),
    });
    const asking = chat.ask('q');
    await vi.waitFor(() => expect(chat.messages.value[1]?.content).toBe('Partial'));
    chat.stop();
    await asking;
    expect(chat.messages.value[1]?.state).toBe('stopped');
    expect(chat.notice.value).toBeNull();
  });

  it('restores the cached transcript, then the relay copy', async () => {
    const saved = { id: 'c9', messages: [{ role: 'user' as const, content: 'cached', citations: [] }] };
    const { chat } = setup(
      {
        'GET /api/conversations/c9': () =>
          json(200, {
            id: 'c9',
            created: 1,
            messages: [saved.messages[0], answer('from relay', [citation])],
          }),
      },
      saved,
    );
    const restoring = chat.restore();
    expect(chat.messages.value.map((m) => m.content)).toEqual(['cached']);
    await restoring;
    expect(chat.messages.value.map((m) => m.content)).toEqual(['cached', 'from relay']);
  });

  it('starts afresh, saying so, when the saved conversation is gone at the relay', async () => {
    const saved = { id: 'gone', messages: [{ role: 'user' as const, content: 'old', citations: [] }] };
    const { chat, persistence } = setup({}, saved);
    await chat.restore();
    expect(chat.messages.value).toEqual([]);
    expect(chat.notice.value).toBe('expired');
    expect(persistence.loadConversation()).toBeNull();
  });

  it('clears the conversation locally and at the relay', async () => {
    const { chat, relay, persistence } = setup({
      'POST /api/conversations/c1/messages': () => sse([frame('done', { message: answer('Hi.') })]),
      'DELETE /api/conversations/c1': () => new Response(null, { status: 204 }),
    });
    await chat.ask('Hello');
    await chat.clear();
    expect(chat.messages.value).toEqual([]);
    expect(persistence.loadConversation()).toBeNull();
    expect(relay.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/conversations/c1' });
  });
});
