import type { ConversationView, WireCitation, WireMessage } from '@amicus/protocol';
import type { RelayConfig } from '../config.js';
import type { SqlClient } from '../storage/sql.js';
import { isRecord } from './untrusted.js';

/**
 * Message text kept by the relay only when an operator turned transcripts on, and only for the
 * retention period. Off by default: visitors ask about their own court cases.
 *
 * When on, a visitor's read of their own conversation is answered from here instead of the
 * upstream (whose budget is the whole court's), as long as the transcript is known to be whole:
 * the conversation began with transcripts on, is younger than the retention period, and no turn
 * ended in a way the upstream may have stored but the relay did not.
 */
export class Transcripts {
  constructor(
    private readonly sql: SqlClient,
    private readonly config: RelayConfig['transcripts'],
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  async append(
    conversationId: string,
    role: 'user' | 'assistant',
    content: string,
    at: Date,
    citations: readonly WireCitation[] = [],
  ): Promise<void> {
    if (!this.config.enabled) return;
    await this.sql.query(
      'INSERT INTO relay_transcripts (conversation_id, role, content, created_at, citations) VALUES ($1, $2, $3, $4, $5)',
      [
        conversationId,
        role,
        content,
        at.toISOString(),
        citations.length > 0 ? JSON.stringify(citations) : null,
      ],
    );
  }

  /** A finished question and answer, written together so a read never sees half a turn. */
  async appendTurn(conversationId: string, question: string, answer: WireMessage, at: Date): Promise<void> {
    if (!this.config.enabled) return;
    await this.sql.transaction(async (tx) => {
      const turn = new Transcripts(tx, this.config);
      await turn.append(conversationId, 'user', question, at);
      await turn.append(conversationId, 'assistant', answer.content, at, answer.citations);
    });
  }

  /** The upstream may hold a turn the relay does not: reads of it go upstream from now on. */
  async markIncomplete(conversationId: string): Promise<void> {
    if (!this.config.enabled) return;
    await this.sql.query('UPDATE relay_conversations SET transcript_complete = FALSE WHERE id = $1', [
      conversationId,
    ]);
  }

  /** The conversation as the widget shows it, from the relay's own copy; null when that copy may be partial. */
  async view(conversationId: string, now: Date): Promise<ConversationView | null> {
    if (!this.config.enabled) return null;
    const [conversation] = await this.sql.query<{ created: number | string | null }>(
      `SELECT upstream_created AS created FROM relay_conversations
       WHERE id = $1 AND transcript_complete AND upstream_created IS NOT NULL AND created_at >= $2`,
      [conversationId, this.cutoff(now).toISOString()],
    );
    if (!conversation) return null;
    const rows = await this.sql.query<{ role: string; content: string; citations: string | null }>(
      'SELECT role, content, citations FROM relay_transcripts WHERE conversation_id = $1 ORDER BY id',
      [conversationId],
    );
    const messages: WireMessage[] = rows.map((row) =>
      row.role === 'user'
        ? { role: 'user', content: row.content, citations: [] }
        : { role: 'assistant', content: row.content, citations: readCitations(row.citations) },
    );
    return { id: conversationId, created: Number(conversation.created), messages };
  }

  /** Deletes what is older than the retention period (everything when transcripts are off). */
  async purge(now: Date): Promise<void> {
    await this.sql.query('DELETE FROM relay_transcripts WHERE created_at < $1', [
      this.cutoff(now).toISOString(),
    ]);
  }

  async forgetConversation(conversationId: string): Promise<void> {
    await this.sql.query('DELETE FROM relay_transcripts WHERE conversation_id = $1', [conversationId]);
  }

  private cutoff(now: Date): Date {
    return this.config.enabled ? new Date(now.getTime() - this.config.retentionDays * 86_400_000) : now;
  }
}

function readCitations(stored: string | null): WireCitation[] {
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    // Written by the relay after sanitizing; the shape is still checked, the column is only text.
    return Array.isArray(parsed) ? parsed.filter(isWireCitation) : [];
  } catch {
    return [];
  }
}

const isWireCitation = (value: unknown): value is WireCitation =>
  isRecord(value) &&
  typeof value.index === 'number' &&
  typeof value.title === 'string' &&
  (value.url === null || typeof value.url === 'string') &&
  typeof value.preview === 'string' &&
  typeof value.documentId === 'string' &&
  typeof value.chunkIndex === 'number';
