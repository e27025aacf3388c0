import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { createAsking, MAX_QUESTION_CHARS } from './asking';
import { createConversation } from './conversation';
import { createI18n } from './i18n';
import type { NoticeKind } from './notice';
import { createPersistence } from './persistence';
import { createRelayClient } from './relay-client';
import type { RelayError } from './relay-error';
import { answer, frame, json, type Route, session, sse, testRelay } from './test-relay';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

function setup(routes: Record<string, Route>) {
  const relay = testRelay({
    'POST /api/sessions': () => json(201, session()),
    'POST /api/conversations': () => json(201, { id: 'c1', created: 1 }),
    ...routes,
  });
  const persistence = createPersistence('session', new MemoryStorage() as unknown as Storage);
  const conversation = createConversation(persistence);
  const errors: RelayError[] = [];
  const state = {
    draft: signal(''),
    busy: signal(false),
    status: signal(''),
    notice: signal<NoticeKind | null>(null),
    wait: signal(0),
  };
  const asking = createAsking({
    client: createRelayClient({
      relay: 'https://relay.example',
      store: persistence.session,
      fetch: relay.fetch,
    }),
    conversation,
    i18n: createI18n('en', {}),
    emit: () => {},
    ...state,
    showError: (error) => errors.push(error),
    stopGraceMs: 10,
  });
  return { asking, conversation, state, errors, relay, persistence };
}

describe('createAsking', () => {
  it('asks nothing while answering, while waiting after a 429, or for a blank or too long question', async () => {
    const { asking, state, relay } = setup({});
    await asking.ask('   ');
    state.wait.value = 3;
    await asking.ask('Where is the courthouse?');
    state.wait.value = 0;
    state.busy.value = true;
    await asking.ask('Where is the courthouse?');
    state.busy.value = false;
    await asking.ask('x'.repeat(MAX_QUESTION_CHARS + 1));
    expect(state.notice.value).toBe('tooLong');
    expect(relay.calls).toEqual([]);
  });

  it('starts a new conversation once when the stored one has expired at the relay', async () => {
    let created = 0;
    const { asking, conversation, relay } = setup({
      'POST /api/conversations': () => json(201, { id: `c${++created}`, created: 1 }),
      'POST /api/conversations/old/messages': () =>
        json(404, { error: { code: 'not_found', message: 'x', retryable: false, retryAfter: null } }),
      'POST /api/conversations/c1/messages': () => sse([frame('done', { message: answer('Pay online.') })]),
    });
    conversation.id = 'old';
    await asking.ask('How do I pay?');
    expect(conversation.id).toBe('c1');
    expect(conversation.messages.value.map((m) => m.content)).toEqual(['How do I pay?', 'Pay online.']);
    expect(relay.calls.filter((c) => c.path.endsWith('/messages')).map((c) => c.path)).toEqual([
      '/api/conversations/old/messages',
      '/api/conversations/c1/messages',
    ]);
  });

  it('hands a failure with nothing shown to showError and gives the question back to the box', async () => {
    const { asking, conversation, state, errors, persistence } = setup({
      'POST /api/conversations/c1/messages': () =>
        json(503, {
          error: { code: 'upstream_unavailable', message: 'x', retryable: true, retryAfter: null },
        }),
    });
    await asking.ask('How do I pay?');
    expect(errors.map((e) => e.kind)).toEqual(['server']);
    expect(conversation.messages.value).toEqual([]);
    expect([state.draft.value, state.busy.value, state.status.value]).toEqual(['How do I pay?', false, '']);
    expect(persistence.loadConversation()).toEqual({ id: 'c1', messages: [] });
  });

  it('ends the stream at once on abort, the answer kept as it was and marked stopped', async () => {
    const { asking, conversation, state } = setup({
      'POST /api/conversations/c1/messages': () => sse([frame('delta', { text: 'Partial' })], { hang: true }),
    });
    const asked = asking.ask('q');
    await expect.poll(() => conversation.messages.value[1]?.content).toBe('Partial');
    asking.abort();
    await asked;
    expect(conversation.messages.value[1]).toMatchObject({ content: 'Partial', state: 'stopped' });
    expect(state.busy.value).toBe(false);
  });
});
