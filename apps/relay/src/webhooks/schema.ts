import type { SqlMigration } from '../storage/sql.js';

/** Webhook deliveries received; the primary key on the delivery id is what makes replays no-ops. */
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
];
