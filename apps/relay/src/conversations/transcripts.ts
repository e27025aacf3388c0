import type { RelayConfig } from '../config.js';
import type { SqlClient } from '../storage/sql.js';

/**
 * Message text kept by the relay only when an operator turned transcripts on, and only for the
 * retention period. Off by default: visitors ask about their own court cases.
 */
export class Transcripts {
  constructor(
    private readonly sql: SqlClient,
    private readonly config: RelayConfig['transcripts'],
  ) {}

  async append(conversationId: string, role: 'user' | 'assistant', content: string, at: Date): Promise<void> {
    if (!this.config.enabled) return;
    await this.sql.query(
      'INSERT INTO relay_transcripts (conversation_id, role, content, created_at) VALUES ($1, $2, $3, $4)',
      [conversationId, role, content, at.toISOString()],
    );
  }

  /** Deletes what is older than the retention period (everything when transcripts are off). */
  async purge(now: Date): Promise<void> {
    const cutoff = this.config.enabled
      ? new Date(now.getTime() - this.config.retentionDays * 86_400_000)
      : now;
    await this.sql.query('DELETE FROM relay_transcripts WHERE created_at < $1', [cutoff.toISOString()]);
  }

  async forgetConversation(conversationId: string): Promise<void> {
    await this.sql.query('DELETE FROM relay_transcripts WHERE conversation_id = $1', [conversationId]);
  }
}
