import type { ConversationView, WireMessage } from '@amicus/protocol';
import { HttpError } from '../http/http-error.js';
import { type DocumentLinkLookup, toWireCitations } from './citations.js';
import { isRecord } from './untrusted.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_MESSAGES = 1_000;

const epochSeconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/**
 * The upstream's answer to `POST /conversations`, checked: without a conversation id nothing can
 * be recorded or reached later, so a malformed one is the upstream failing, not the relay.
 */
export function readCreatedConversation(body: unknown): { id: string; created: number } {
  if (!isRecord(body) || typeof body.id !== 'string' || !UUID.test(body.id)) {
    throw new HttpError('upstream_unavailable', 'The assistant sent an unusable answer.', { retryAfter: 5 });
  }
  return { id: body.id.toLowerCase(), created: epochSeconds(body.created) };
}

/**
 * The upstream's conversation as the widget shows it. Untrusted: messages of other roles or the
 * wrong shape are left out, missing text is empty, citations are sanitized. The id is the one the
 * visitor asked for (and owns), never one the upstream names.
 */
export function toConversationView(
  id: string,
  conversation: unknown,
  links?: DocumentLinkLookup,
): ConversationView {
  const source = isRecord(conversation) && Array.isArray(conversation.messages) ? conversation.messages : [];
  const messages: WireMessage[] = [];
  for (const m of source.slice(0, MAX_MESSAGES)) {
    if (!isRecord(m) || (m.role !== 'user' && m.role !== 'assistant')) continue;
    const content = typeof m.content === 'string' ? m.content : '';
    messages.push(
      m.role === 'user'
        ? { role: 'user', content, citations: [] }
        : { role: 'assistant', content, citations: toWireCitations(m.citations, links) },
    );
  }
  return { id, created: isRecord(conversation) ? epochSeconds(conversation.created) : 0, messages };
}
