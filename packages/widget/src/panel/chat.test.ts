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

  it('shows a court-date card instead of an answer when the relay recognises the question, and saves neither', async () => {
    const { chat, relay, persistence } = setup({
      'POST /api/intent': () => json(200, { kind: 'court_date', case_number: 'EX-2026-CR-000789' }),
    });
    await chat.ask('When is my hearing? EX-2026-CR-000789');
    expect(relay.calls.find((c) => c.path === '/api/intent')?.body).toBe(
      JSON.stringify({ text: 'When is my hearing? EX-2026-CR-000789' }),
    );
    expect(relay.calls.some((c) => c.path.endsWith('/messages'))).toBe(false);
    const [question, card] = chat.messages.value;
    expect(question).toMatchObject({
      role: 'user',
      card: { kind: 'court_date' },
    });
    expect(card).toMatchObject({
      role: 'assistant',
      state: 'done',
      card: { kind: 'court_date', case_number: 'EX-2026-CR-000789' },
    });
    // The card speaks for itself: no empty "Answer:" announcement; nothing local is saved or counted.
    expect(chat.status.value).toBe('');
    expect(chat.busy.value).toBe(false);
    expect(persistence.loadConversation()).toBeNull();
    expect(chat.indexOf(card!)).toBe(-1);
  });

  it('asks the knowledge base when the intent check fails or says none (fails open)', async () => {
    let intent = 0;
    const { chat } = setup({
      'POST /api/intent': () =>
        intent++
          ? json(200, { kind: 'none' })
          : json(503, {
              error: {
                code: 'internal',
                message: 'x',
                retryable: true,
                retryAfter: null,
              },
            }),
      'POST /api/conversations/c1/messages': () => sse([frame('done', { message: answer('Pay online.') })]),
    });
    await chat.ask('How do I pay?');
    await chat.ask('And by mail?');
    expect(chat.messages.value.map((m) => m.content)).toEqual([
      'How do I pay?',
      'Pay online.',
      'And by mail?',
      'Pay online.',
    ]);
    // Positions are the relay's: the court card below does not shift them.
    chat.court();
    const answers = chat.messages.value.filter((m) => m.role === 'assistant');
    expect(answers.map((m) => chat.indexOf(m))).toEqual([1, 3, -1]);
    expect(answers[2]?.card).toEqual({ kind: 'court_date' });
    expect(chat.conversationId()).toBe('c1');
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

  it('announces the countdown when it starts and ends, and clearing the conversation does not reset it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const limited = { error: { code: 'rate_limited', message: 'x', retryable: true, retryAfter: null } };
    const { chat } = setup({
      'POST /api/conversations/c1/messages': () => json(429, limited, { 'retry-after': '2' }),
    });
    await chat.ask('Where is the courthouse?');
    expect(chat.status.value).toBe('You can ask again in 2 seconds.');
    await chat.clear();
    vi.advanceTimersByTime(1000);
    expect(chat.wait.value).toBe(1);
    // Only the start and the end are announced, not every second.
    expect(chat.status.value).toBe('Conversation cleared.');
    vi.advanceTimersByTime(1000);
    expect(chat.wait.value).toBe(0);
    expect(chat.status.value).toBe('You can ask again now.');
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

  it('keeps a stopped answer as shown, and its citations when they come with done', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const encoder = new TextEncoder();
        controller.enqueue(encoder.encode(frame('delta', { text: 'Pay online [Source 1]. [Sour' })));
        await held;
        controller.enqueue(encoder.encode(frame('delta', { text: 'ce 1] More text.' })));
        controller.enqueue(
          encoder.encode(frame('done', { message: answer('Pay online [Source 1]. More text.', [citation]) })),
        );
        controller.close();
      },
    });
    const { chat, persistence, events } = setup({
      'POST /api/conversations/c1/messages': () =>
        new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const asking = chat.ask('q');
    await vi.waitFor(() => expect(chat.messages.value[1]?.content).toContain('Pay online'));
    chat.stop();
    await asking;
    expect(chat.busy.value).toBe(false);
    expect(chat.messages.value[1]).toMatchObject({ state: 'stopped', citations: [] });
    release();
    await vi.waitFor(() => expect(chat.messages.value[1]?.citations).toEqual([citation]));
    expect(chat.messages.value[1]).toMatchObject({
      state: 'stopped',
      content: 'Pay online [Source 1]. [Sour',
    });
    expect(persistence.loadConversation()?.messages[1]?.citations).toEqual([citation]);
    expect(events.filter(([name]) => name === 'message')).toEqual([]);
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
