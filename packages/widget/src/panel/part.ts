import type { IntentResponse } from '@amicus/protocol';
import type { Signal } from '@preact/signals-core';
import type { ChatMessage } from './chat';
import type { I18n } from './i18n';

// What the panel hands a lazily loaded part (the court-date card, answer feedback). Types only: the parts
// are separate chunks and reach the panel's state through these props, never through imports.

export interface PartMessage extends ChatMessage {
  /**
   * A court-date or warrant card, and the question that led to it. Local only: never saved, and not
   * counted in the relay's message positions.
   */
  card?: IntentResponse;
}

export interface PartChat {
  /** A JSON request to the relay's widget API, with the visitor's session (see relay-client.ts). */
  post<T>(path: string, body: unknown): Promise<T>;
  /** The panel's polite status region. */
  status: Signal<string>;
  /** The relay's id of the conversation, once it has one. */
  conversationId(): string | null;
  /** The message's position in the relay's copy of the conversation (local cards left out), or -1. */
  indexOf(message: ChatMessage): number;
}

export interface PartProps {
  message: PartMessage;
  chat: PartChat;
  i18n: I18n;
}
