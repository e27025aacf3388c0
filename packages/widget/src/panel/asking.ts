import type { IntentResponse } from '@amicus/protocol';
import { batch, type Signal } from '@preact/signals-core';
import type { AmicusEventName } from '../contract';
import { plainText } from './citation-markers';
import type { ChatMessage, Conversation } from './conversation';
import type { I18n } from './i18n';
import type { NoticeKind } from './notice';
import type { RelayClient } from './relay-client';
import { RelayError } from './relay-error';

// Asking: one question at a time, its answer streamed into the transcript, Stop, and asking again after
// an incomplete answer. The signals are the chat's (chat.ts); nothing here touches the DOM or focus.

export const MAX_QUESTION_CHARS = 4000; // protocol MAX_MESSAGE_CHARS; types-only import keeps the bundle free of it

export interface AskingDeps {
  client: RelayClient;
  conversation: Conversation;
  i18n: I18n;
  emit(event: AmicusEventName, detail?: unknown): void;
  /** The chat's state that asking reads and sets. */
  draft: Signal<string>;
  busy: Signal<boolean>;
  status: Signal<string>;
  notice: Signal<NoticeKind | null>;
  wait: Signal<number>;
  /** Shows a failure: the notice, a countdown after a 429, the `error` event. */
  showError(error: RelayError): void;
  /** After Stop, how long the stream is still read for the answer's citations. */
  stopGraceMs: number;
}

export function createAsking({
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
}: AskingDeps) {
  const { messages } = conversation;
  let controller: AbortController | null = null;
  let stopCurrent = () => {};

  async function ensureConversation(): Promise<string> {
    conversation.id ??= (await client.createConversation()).id;
    return conversation.id;
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
            if (!run.stopped) conversation.update(answerId, { content: text });
          } else if (event.type === 'done') {
            const { message } = event.data;
            if (run.stopped) {
              conversation.update(answerId, { citations: message.citations ?? [] });
              conversation.persist();
              return text;
            }
            conversation.update(answerId, {
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
          conversation.id = null;
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
    const asked = conversation.create('user', question);
    const answer = conversation.create('assistant', '', 'streaming');
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
      conversation.add(asked, answer);
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
        if (error.kind === 'aborted') conversation.update(answer.id, { state: 'stopped' });
        else if (partial) {
          const patch: Partial<ChatMessage> = { state: 'incomplete' };
          if (error.retryable) patch.retry = question;
          conversation.update(answer.id, patch);
        } else {
          // Nothing came back: take the question back into the box so the visitor can send it again.
          conversation.remove(asked.id, answer.id);
          draft.value = question;
        }
        showError(error);
      });
    } finally {
      if (controller === mine) {
        busy.value = false;
        controller = null;
      }
      conversation.persist();
    }
  }

  return {
    ask,
    stop: () => stopCurrent(),
    /** Ends the current answer's stream at once (clearing the conversation). */
    abort: () => controller?.abort(),
    /** Ask again after an incomplete answer: the partial answer and its question give way to a new try. */
    retry(message: ChatMessage): void {
      const list = messages.value;
      const at = list.findIndex((m) => m.id === message.id);
      const question = list[at - 1];
      if (!message.retry || busy.value) return;
      conversation.remove(message.id, ...(question?.role === 'user' ? [question.id] : []));
      void ask(message.retry);
    },
  };
}
