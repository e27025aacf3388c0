import type { SqlMigration } from '../storage/sql.js';

/** Webhook deliveries received; the primary keys on the delivery id and the signed content make replays no-ops. */
export const webhookMigrations: SqlMigration[] = [
  {
    name: 'webhooks_001_deliveries',
    sql: `
      CREATE TABLE webhook_deliveries (
        delivery_id TEXT PRIMARY KEY,
        event TEXT NOT NULL,
        received_at TIMESTAMPTZ NOT NULL,
        processed_at TIMESTAMPTZ,
        error TEXT
      );
    `,
  },
  {
    // The delivery id is not signed: a captured delivery re-sent under a new id would pass the
    // check above. What the signature covers (timestamp and body) is remembered as well, for as
    // long as that timestamp is accepted.
    name: 'webhooks_002_signed_content',
    sql: `
      CREATE TABLE webhook_signed_content (
        digest TEXT PRIMARY KEY,
        received_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX webhook_signed_content_received ON webhook_signed_content (received_at);
    `,
  },
];
