import type { IntentResponse, WireCitation, WireMessage } from '@amicus/protocol';
import { batch, signal } from '@preact/signals-core';
import type { AmicusEventName } from '../contract';
import { plainText } from './citation-markers';
import type { I18n } from './i18n';
import type { Persistence } from './persistence';
import type { RelayClient } from './relay-client';
import { type ErrorKind, RelayError } from './relay-error';

// The conversation as state (signals) and the actions on it. No DOM here: the components render
// this state, and focus is never moved from here (nothing asynchronous touches focus).

export const MAX_QUESTION_CHARS = 4000; // protocol MAX_MESSAGE_CHARS; types-only import keeps the bundle free of it

export type MessageState = 'done' | 'streaming' | 'incomplete' | 'stopped';

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  citations: WireCitation[];
  state: MessageState;
  /** The language the relay gave for this message, if any (the widget detects it otherwise). */
  lang?: string | undefined;
  /** On an incomplete answer that may succeed if asked again: the question. */
  retry?: string;
  /** A court-date or warrant card and the question that led to it (see part.ts). */
  card?: IntentResponse;
}

/** What the alert says: an i18n key. */
export type NoticeKind = Exclude<ErrorKind, 'aborted' | 'notFound' | 'unauthorized' | 'cut'> | 'expired';

/** Failures without a message of their own read as the generic one; Stop is not an error. */
const noticeFor = (kind: ErrorKind): NoticeKind | null =>
  kind === 'aborted'
    ? null
    : kind === 'notFound' || kind === 'unauthorized' || kind === 'cut'
      ? 'failed'
      : kind;

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
  const messages = signal<ChatMessage[]>([]);
  const draft = signal('');
  const busy = signal(false);
  /** Text of the polite status region: "Answering…", then the finished answer once. */
  const status = signal('');
  const notice = signal<NoticeKind | null>(null);
  /** Seconds left before the visitor may ask again after a 429. */
  const wait = signal(0);
  let conversationId: string | null = null;
  let controller: AbortController | null = null;
  let countdown: ReturnType<typeof setInterval> | undefined;
  let stopCurrent = () => {};
  let nextId = 1;

  const fromWire = (m: WireMessage): ChatMessage => ({
    id: nextId++,
    role: m.role,
    content: m.content,
    citations: m.citations ?? [],
    state: 'done',
    lang: m.lang,
  });

  function persist(): void {
    if (!conversationId) {
      persistence.saveConversation(null);
      return;
    }
    const saved = messages.value
      .filter((m) => m.state !== 'streaming' && m.content && !m.card)
      .map(({ role, content, citations }) => ({ role, content, citations }));
    persistence.saveConversation({ id: conversationId, messages: saved });
  }

  const update = (id: number, patch: Partial<ChatMessage>) => {
    messages.value = messages.value.map((m) => (m.id === id ? { ...m, ...patch } : m));
  };
  const remove = (...ids: number[]) => {
    messages.value = messages.value.filter((m) => !ids.includes(m.id));
  };

  /** The visible countdown changes every second; the status region says only when it starts and ends. */
  function startCountdown(seconds: number): void {
    clearInterval(countdown);
    const until = now() + seconds * 1000;
    wait.value = seconds;
    status.value = i18n.t('wait', { time: i18n.seconds(seconds) });
    countdown = setInterval(() => {
      const left = Math.max(0, Math.ceil((until - now()) / 1000));
      batch(() => {
        wait.value = left;
        if (left) return;
        clearInterval(countdown);
        status.value = i18n.t('ready');
        if (notice.value === 'rateLimited') notice.value = null;
      });
    }, 1000);
  }

  function showError(error: RelayError): void {
    const kind = noticeFor(error.kind);
    notice.value = kind;
    if (kind === 'rateLimited') startCountdown(error.retryAfter ?? 30);
    if (kind) emit('error', { code: error.kind, message: error.message, retryAfter: error.retryAfter });
  }

  async function ensureConversation(): Promise<string> {
    conversationId ??= (await client.createConversation()).id;
    return conversationId;
  }

  /** `run.stopped`: the visitor pressed Stop; the text stays as it was, only the citations still come. */
  async function stream(
    question: string,
    answerId: number,
    signal: AbortSignal,
    run: { stopped: boolean },
  ): Promise<string> {
    let text = '';
    for (let attempt = 0; ; attempt++) {
      const id = await ensureConversation();
      try {
        for await (const event of client.send(id, question, signal)) {
          if (event.type === 'delta') {
            text += event.data.text;
            if (!run.stopped) update(answerId, { content: text });
          } else if (event.type === 'done') {
            const { message } = event.data;
            if (run.stopped) {
              update(answerId, { citations: message.citations ?? [] });
              persist();
              return text;
            }
            update(answerId, {
              content: message.content,
              citations: message.citations ?? [],
              state: 'done',
              lang: message.lang,
            });
            emit('message', message);
            return message.content;
          }
        }
        return text;
      } catch (error) {
        // The stored conversation expired at the relay: start a new one, once, before any text arrived.
        if (error instanceof RelayError && error.kind === 'notFound' && !text && attempt === 0) {
          conversationId = null;
          continue;
        }
        throw Object.assign(error as object, { partial: text });
      }
    }
  }

  async function ask(raw: string): Promise<void> {
    const question = raw.trim();
    if (!question || busy.value || wait.value > 0) return;
    if (question.length > MAX_QUESTION_CHARS) {
      notice.value = 'tooLong';
      return;
    }
    const asked: ChatMessage = {
      id: nextId++,
      role: 'user',
      content: question,
      citations: [],
      state: 'done',
    };
    const answer: ChatMessage = {
      id: nextId++,
      role: 'assistant',
      content: '',
      citations: [],
      state: 'streaming',
    };
    const mine = new AbortController();
    controller = mine;
    const run = { stopped: false };
    // Stop gives the visitor the box back at once and keeps the text shown. The stream is read on, for
    // a short while, only for the citations that come with `done`: a stopped answer keeps its sources.
    const stopping = new Promise<never>((_, reject) => {
      stopCurrent = () => {
        run.stopped = true;
        reject(new RelayError('aborted', 'Stopped', true));
        setTimeout(() => mine.abort(), stopGraceMs);
      };
    });
    // Court-date and warrant questions get a card instead of a knowledge-base answer. Fails open: a
    // relay without the intent route (or any error) means an ordinary answer.
    const answering = client
      .post<IntentResponse>('/api/intent', { text: question })
      .catch(() => null)
      .then((card) => {
        if (card?.kind !== 'court_date' && card?.kind !== 'warrant')
          return stream(question, answer.id, mine.signal, run);
        if (!run.stopped)
          messages.value = messages.value.map((m) =>
            m.id === asked.id || m.id === answer.id ? { ...m, card, state: 'done' } : m,
          );
        return '';
      });
    answering.catch(() => {}); // settled here or, once stopped, ignored
    batch(() => {
      notice.value = null;
      draft.value = '';
      messages.value = [...messages.value, asked, answer];
      busy.value = true;
      status.value = i18n.t('answering');
    });
    try {
      const content = await Promise.race([answering, stopping]);
      // A card announces its own result.
      status.value =
        content && i18n.t('answered', { text: plainText(content, (n) => i18n.t('source', { n })) });
    } catch (caught) {
      const error = caught instanceof RelayError ? caught : new RelayError('failed', String(caught), true);
      const partial = (caught as { partial?: string }).partial ?? '';
      batch(() => {
        status.value = '';
        if (error.kind === 'aborted') update(answer.id, { state: 'stopped' });
        else if (partial) {
          const patch: Partial<ChatMessage> = { state: 'incomplete' };
          if (error.retryable) patch.retry = question;
          update(answer.id, patch);
        } else {
          // Nothing came back: take the question back into the box so the visitor can send it again.
          remove(asked.id, answer.id);
          draft.value = question;
        }
        showError(error);
      });
    } finally {
      if (controller === mine) {
        busy.value = false;
        controller = null;
      }
      persist();
    }
  }

  return {
    // For the lazily loaded parts (part.ts).
    post: client.post,
    conversationId: () => conversationId,
    indexOf: (message: ChatMessage) => messages.value.filter((m) => !m.card).indexOf(message),
    /** "Find my court date": the lookup card, asking for a case number. */
    court(): void {
      messages.value = [
        ...messages.value,
        {
          id: nextId++,
          role: 'assistant',
          content: '',
          citations: [],
          state: 'done',
          card: { kind: 'court_date' },
        },
      ];
    },
    messages,
    draft,
    busy,
    status,
    notice,
    wait,
    ask,
    stop: () => stopCurrent(),
    /** Ask again after an incomplete answer: the partial answer and its question give way to a new try. */
    retry(message: ChatMessage): void {
      const list = messages.value;
      const at = list.findIndex((m) => m.id === message.id);
      const question = list[at - 1];
      if (!message.retry || busy.value) return;
      remove(message.id, ...(question?.role === 'user' ? [question.id] : []));
      void ask(message.retry);
    },

    /** Shows the cached transcript at once, then reconciles it with the relay's copy. */
    async restore(): Promise<void> {
      const saved = persistence.loadConversation();
      if (!saved) return;
      conversationId = saved.id;
      messages.value = saved.messages.map(fromWire);
      try {
        const view = await client.getConversation(saved.id);
        if (!busy.value && conversationId === saved.id) messages.value = view.messages.map(fromWire);
      } catch (error) {
        if (!(error instanceof RelayError) || (error.kind !== 'notFound' && error.kind !== 'unauthorized'))
          return;
        if (busy.value || conversationId !== saved.id) return;
        batch(() => {
          if (messages.value.length) notice.value = 'expired';
          messages.value = [];
          conversationId = null;
        });
      }
      persist();
    },

    /** Forgets the conversation here and at the relay (shared computers). */
    async clear(): Promise<void> {
      controller?.abort();
      const id = conversationId;
      // The rate limit's countdown goes on: the relay's limit is the visitor's, not the conversation's.
      batch(() => {
        messages.value = [];
        conversationId = null;
        notice.value = null;
        draft.value = '';
        status.value = i18n.t('cleared');
      });
      persist();
      if (!id) return;
      try {
        await client.deleteConversation(id);
      } catch (error) {
        if (error instanceof RelayError && error.kind !== 'notFound') showError(error);
      }
    },
  };
}
