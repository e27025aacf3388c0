import { randomUUID } from 'node:crypto';
import type { CitationWire } from '../answer/citations.js';
import type { Db } from '../db/database.js';

export interface Conversation {
  id: string;
  accountId: string;
  botId: string | null;
  metadata: Record<string, string>;
  created: number;
  updated: number;
}

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  citations: CitationWire[] | null;
}

interface ConversationRow {
  id: string;
  account_id: string;
  bot_id: string | null;
  metadata: string;
  created: number;
  updated: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createConversation(
  db: Db,
  {
    accountId,
    botId,
    metadata,
    now,
  }: { accountId: string; botId: string | null; metadata: Record<string, string>; now: number },
): Conversation {
  const id = randomUUID();
  db.prepare(
    'INSERT INTO conversations (id, account_id, bot_id, metadata, created, updated) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, accountId, botId, JSON.stringify(metadata), now, now);
  return { id, accountId, botId, metadata, created: now, updated: now };
}

/** null for unknown, foreign and malformed ids alike. */
export function getConversation(db: Db, accountId: string, id: string): Conversation | null {
  if (!UUID.test(id)) return null;
  const row = db.prepare('SELECT * FROM conversations WHERE id = ? AND account_id = ?').get(id, accountId) as
    | ConversationRow
    | undefined;
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    botId: row.bot_id,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    created: row.created,
    updated: row.updated,
  };
}

export function listMessages(db: Db, conversationId: string): StoredMessage[] {
  const rows = db
    .prepare(
      'SELECT role, content, citations FROM conversation_messages WHERE conversation_id = ? ORDER BY seq',
    )
    .all(conversationId) as { role: 'user' | 'assistant'; content: string; citations: string | null }[];
  return rows.map((r) => ({
    role: r.role,
    content: r.content,
    citations: r.citations === null ? null : (JSON.parse(r.citations) as CitationWire[]),
  }));
}

/** Stores a whole turn (user + assistant) atomically: a failed turn leaves nothing behind. */
export function appendTurn(
  db: Db,
  conversationId: string,
  user: string,
  assistant: StoredMessage,
  now: number,
): void {
  const insert = db.prepare(
    'INSERT INTO conversation_messages (conversation_id, role, content, citations, created) VALUES (?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    insert.run(conversationId, 'user', user, null, now);
    insert.run(
      conversationId,
      'assistant',
      assistant.content,
      assistant.citations === null ? null : JSON.stringify(assistant.citations),
      now,
    );
    db.prepare('UPDATE conversations SET updated = ? WHERE id = ?').run(now, conversationId);
  })();
}

export function deleteConversation(db: Db, accountId: string, id: string): boolean {
  if (!UUID.test(id)) return false;
  return (
    db.prepare('DELETE FROM conversations WHERE id = ? AND account_id = ?').run(id, accountId).changes > 0
  );
}

/** The model's view: the 40 latest messages, opening on a user turn. */
export function modelWindow<T extends { role: string }>(messages: readonly T[], size = 40): T[] {
  const window = messages.slice(-size);
  while (window.length > 0 && window[0]!.role !== 'user') window.shift();
  return window;
}
