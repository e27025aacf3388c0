import type { SqlMigration } from '../storage/sql.js';

/** Webhook deliveries received (unique on the delivery id). */
export const webhookMigrations: SqlMigration[] = [];
