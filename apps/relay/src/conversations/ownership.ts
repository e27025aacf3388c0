import type { SqlClient } from '../storage/sql.js';

const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 50_000;

/**
 * Which visitor created which upstream conversation: the only basis for access to it. Confirmed
 * pairs are cached briefly so a busy answer path does not queue on the database; a conversation
 * deleted through another instance stays reachable here for at most a minute, and the upstream
 * then answers 404 for it anyway.
 */
export class ConversationOwnership {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly sql: SqlClient,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `created` is the upstream's creation time (epoch seconds); `transcribed` says the relay keeps
   * this conversation's whole transcript from its start (transcripts on).
   */
  async record(
    id: string,
    visitorId: string,
    origin: string,
    at: Date,
    { created = null, transcribed = false }: { created?: number | null; transcribed?: boolean } = {},
  ): Promise<void> {
    await this.sql.query(
      `INSERT INTO relay_conversations (id, visitor_id, origin, created_at, upstream_created, transcript_complete)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, visitorId, origin, at.toISOString(), created, transcribed],
    );
    this.remember(id, visitorId);
  }

  async owns(id: string, visitorId: string): Promise<boolean> {
    const key = `${id}:${visitorId}`;
    const cachedAt = this.cache.get(key);
    if (cachedAt !== undefined && this.now() - cachedAt < CACHE_TTL_MS) return true;
    const rows = await this.sql.query(
      'SELECT 1 AS ok FROM relay_conversations WHERE id = $1 AND visitor_id = $2',
      [id, visitorId],
    );
    if (rows.length > 0) this.remember(id, visitorId);
    return rows.length > 0;
  }

  async forget(id: string): Promise<void> {
    for (const key of this.cache.keys()) if (key.startsWith(`${id}:`)) this.cache.delete(key);
    await this.sql.query('DELETE FROM relay_conversations WHERE id = $1', [id]);
  }

  private remember(id: string, visitorId: string): void {
    // Insertion order makes the first key the oldest: drop it when full.
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(`${id}:${visitorId}`, this.now());
  }
}
