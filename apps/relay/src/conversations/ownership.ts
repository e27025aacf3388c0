import type { SqlClient } from '../storage/sql.js';

/** Which visitor created which upstream conversation: the only basis for access to it. */
export class ConversationOwnership {
  constructor(private readonly sql: SqlClient) {}

  async record(id: string, visitorId: string, origin: string, at: Date): Promise<void> {
    await this.sql.query(
      'INSERT INTO relay_conversations (id, visitor_id, origin, created_at) VALUES ($1, $2, $3, $4)',
      [id, visitorId, origin, at.toISOString()],
    );
  }

  async owns(id: string, visitorId: string): Promise<boolean> {
    const rows = await this.sql.query(
      'SELECT 1 AS ok FROM relay_conversations WHERE id = $1 AND visitor_id = $2',
      [id, visitorId],
    );
    return rows.length > 0;
  }

  async forget(id: string): Promise<void> {
    await this.sql.query('DELETE FROM relay_conversations WHERE id = $1', [id]);
  }
}
