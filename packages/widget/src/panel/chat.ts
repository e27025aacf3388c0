import { batch, signal } from '@preact/signals-core';
import type { AmicusEventName } from '../contract';
import { createAsking } from './asking';
import { type ChatMessage, createConversation } from './conversation';
import { createCountdown } from './countdown';
import type { I18n } from './i18n';
import { type NoticeKind, noticeFor } from './notice';
import type { Persistence } from './persistence';
import type { RelayClient } from './relay-client';
import { RelayError } from './relay-error';

// The chat the components render: the conversation (conversation.ts), asking (asking.ts) and the wait
// after a 429 (countdown.ts), with the status and alert they share. No DOM here, and focus is never
// moved from here (nothing asynchronous touches focus).

export type { ChatMessage, MessageState } from './conversation';
export type { NoticeKind } from './notice';

export interface ChatDeps {
  client: RelayClient;
  persistence: Persistence;
  i18n: I18n;
  emit(event: AmicusEventName, detail?: unknown): void;
  now?: () => number;
  /** After Stop, how long the stream is still read for the answer's citations. */
  stopGraceMs?: number;
}

export type Chat = ReturnType<typeof createChat>;

export function createChat({
  client,
  persistence,
  i18n,
  emit,
  now = Date.now,
  stopGraceMs = 10_000,
}: ChatDeps) {
  const conversation = createConversation(persistence);
  const { messages } = conversation;
  const draft = signal('');
  const busy = signal(false);
  /** Text of the polite status region: "Answering…", then the finished answer once. */
  const status = signal('');
  const notice = signal<NoticeKind | null>(null);
  // The visible countdown changes every second; the status region says only when it starts and ends.
  const countdown = createCountdown(() => {
    status.value = i18n.t('ready');
    if (notice.value === 'rateLimited') notice.value = null;
  }, now);
  const { wait } = countdown;

  function showError(error: RelayError): void {
    const kind = noticeFor(error.kind);
    notice.value = kind;
    if (kind === 'rateLimited') {
      const seconds = error.retryAfter ?? 30;
      countdown.start(seconds);
      status.value = i18n.t('wait', { time: i18n.seconds(seconds) });
    }
    if (kind) emit('error', { code: error.kind, message: error.message, retryAfter: error.retryAfter });
  }

  const asking = createAsking({
    client,
    conversation,
    i18n,
    emit,
    draft,
    busy,
    status,
    notice,
    wait,
    showError,
    stopGraceMs,
  });

  return {
    // For the lazily loaded parts (part.ts).
    post: client.post,
    conversationId: () => conversation.id,
    indexOf: (message: ChatMessage) => messages.value.filter((m) => !m.card).indexOf(message),
    /** Whether the relay offers court dates (mount.tsx asks it): "Find my court date" shows only then. */
    courts: signal(false),
    /** "Find my court date": the lookup card, asking for a case number. */
    court(): void {
      conversation.add(conversation.create('assistant', '', 'done', { kind: 'court_date' }));
    },
    messages,
    draft,
    busy,
    status,
    notice,
    wait,
    // ask, stop, retry (and abort, which clear() uses).
    ...asking,

    /** Shows the cached transcript at once, then reconciles it with the relay's copy. */
    async restore(): Promise<void> {
      const id = conversation.showSaved();
      if (!id) return;
      try {
        // The relay's copy is asked for in a task of its own, after the cached one is drawn.
        await new Promise((r) => setTimeout(r));
        const view = await client.getConversation(id);
        if (!busy.value && conversation.id === id) conversation.reconcile(view.messages);
      } catch (error) {
        if (!(error instanceof RelayError) || (error.kind !== 'notFound' && error.kind !== 'unauthorized'))
          return;
        if (busy.value || conversation.id !== id) return;
        batch(() => {
          if (messages.value.length) notice.value = 'expired';
          conversation.reset();
        });
      }
      conversation.persist();
    },

    /** Forgets the conversation here and at the relay (shared computers). */
    async clear(): Promise<void> {
      asking.abort();
      const id = conversation.id;
      // The rate limit's countdown goes on: the relay's limit is the visitor's, not the conversation's.
      batch(() => {
        conversation.reset();
        notice.value = null;
        draft.value = '';
        status.value = i18n.t('cleared');
      });
      conversation.persist();
      if (!id) return;
      try {
        await client.deleteConversation(id);
      } catch (error) {
        if (error instanceof RelayError && error.kind !== 'notFound') showError(error);
      }
    },
  };
}
