import type { SqlMigration } from './sql.js';

/** Tables of the widget API: who owns which conversation, daily usage per site, transcripts. */
export const relayMigrations: SqlMigration[] = [
  {
    name: 'relay_001_conversations',
    sql: `
      CREATE TABLE relay_conversations (
        id TEXT PRIMARY KEY,
        visitor_id TEXT NOT NULL,
        origin TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX relay_conversations_visitor ON relay_conversations (visitor_id);
    `,
  },
  {
    name: 'relay_002_daily_usage',
    sql: `
      CREATE TABLE relay_daily_usage (
        day DATE NOT NULL,
        site TEXT NOT NULL,
        messages INTEGER NOT NULL DEFAULT 0,
        tokens BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (day, site)
      );
    `,
  },
  {
    name: 'relay_003_transcripts',
    sql: `
      CREATE TABLE relay_transcripts (
        id BIGSERIAL PRIMARY KEY,
        conversation_id TEXT NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX relay_transcripts_created ON relay_transcripts (created_at);
    `,
  },
  {
    // Lets a visitor's read of their own conversation come from the relay's transcript instead of
    // spending upstream budget, when transcripts are on and the transcript is known to be whole.
    name: 'relay_004_transcript_reads',
    sql: `
      ALTER TABLE relay_conversations ADD COLUMN upstream_created BIGINT;
      ALTER TABLE relay_conversations ADD COLUMN transcript_complete BOOLEAN NOT NULL DEFAULT FALSE;
      ALTER TABLE relay_transcripts ADD COLUMN citations TEXT;
      CREATE INDEX relay_transcripts_conversation ON relay_transcripts (conversation_id, id);
    `,
  },
];
