import type { SqlMigration } from '../storage/sql.js';

/**
 * Visitors' ratings of answers and the answers that were declined (no source cited), for the admin
 * page "What people ask". `question` and `comment` hold visitor text and are written only when
 * transcripts are on; everything else (outcome, time, cited documents) is kept either way.
 */
export const feedbackMigrations: SqlMigration[] = [
  {
    name: 'feedback_001_ratings_and_declines',
    sql: `
      CREATE TABLE feedback_ratings (
        conversation_id TEXT NOT NULL,
        message_index INTEGER NOT NULL,
        rating TEXT NOT NULL CHECK (rating IN ('up', 'down')),
        declined BOOLEAN NOT NULL,
        cited JSONB NOT NULL DEFAULT '[]'::jsonb,
        question TEXT,
        comment TEXT,
        created_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (conversation_id, message_index)
      );
      CREATE INDEX feedback_ratings_created ON feedback_ratings (created_at);
      CREATE TABLE feedback_declined (
        id BIGSERIAL PRIMARY KEY,
        conversation_id TEXT NOT NULL,
        question TEXT,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX feedback_declined_created ON feedback_declined (created_at);
    `,
  },
];
