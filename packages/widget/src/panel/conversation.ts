import type { IntentResponse, WireCitation, WireMessage } from '@amicus/protocol';
import { signal } from '@preact/signals-core';
import type { Persistence } from './persistence';

// The conversation as state: the transcript (a signal the components render) and the relay's id for it,
// kept in step with the visitor's storage. No network and no DOM here.

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

export type Conversation = ReturnType<typeof createConversation>;

export function createConversation(persistence: Persistence) {
  const messages = signal<ChatMessage[]>([]);
  let nextId = 1;

  const fromWire = (m: WireMessage): ChatMessage => ({
    id: nextId++,
    role: m.role,
    content: m.content,
    citations: m.citations ?? [],
    state: 'done',
    lang: m.lang,
  });

  /** What a message shows: the same role, text, language and citations. */
  const shows = (m: WireMessage | ChatMessage) =>
    JSON.stringify([m.role, m.content, m.lang, m.citations ?? []]);

  const self = {
    messages,
    /** The relay's id for this conversation, once it has one. */
    id: null as string | null,

    /** A new message without citations, with an id of its own (the components' key). */
    create: (
      role: ChatMessage['role'],
      content: string,
      state: MessageState = 'done',
      card?: IntentResponse,
    ): ChatMessage => ({ id: nextId++, role, content, citations: [], state, ...(card && { card }) }),

    add(...added: ChatMessage[]): void {
      messages.value = [...messages.value, ...added];
    },
    update(id: number, patch: Partial<ChatMessage>): void {
      messages.value = messages.value.map((m) => (m.id === id ? { ...m, ...patch } : m));
    },
    remove(...ids: number[]): void {
      messages.value = messages.value.filter((m) => !ids.includes(m.id));
    },
    /** Forgets the transcript and the id (not the storage: `persist` does that). */
    reset(): void {
      messages.value = [];
      self.id = null;
    },

    /** Saves the finished messages (not cards, which are local) under the relay's id, or forgets them. */
    persist(): void {
      if (!self.id) {
        persistence.saveConversation(null);
        return;
      }
      const saved = messages.value
        .filter((m) => m.state !== 'streaming' && m.content && !m.card)
        .map(({ role, content, citations, lang }) => ({ role, content, citations, ...(lang && { lang }) }));
      persistence.saveConversation({ id: self.id, messages: saved });
    },

    /** Shows the transcript saved in storage, if any; returns its id. */
    showSaved(): string | null {
      const saved = persistence.loadConversation();
      if (!saved) return null;
      self.id = saved.id;
      messages.value = saved.messages.map(fromWire);
      return saved.id;
    },

    /** Shows the relay's copy. Messages shown as they are keep their identity: nothing is drawn again. */
    reconcile(wire: WireMessage[]): void {
      const shown = messages.value;
      const next = wire.map((w, i) => {
        const m = shown[i];
        return m && shows(m) === shows(w) ? m : fromWire(w);
      });
      if (next.length !== shown.length || next.some((m, i) => m !== shown[i])) messages.value = next;
    },
  };
  return self;
}
