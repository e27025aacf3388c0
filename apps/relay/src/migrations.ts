import { documentLinkMigrations } from './admin/document-links.js';
import { adminMigrations } from './admin/schema.js';
import { courtDatesMigrations } from './court-dates/schema.js';
import { feedbackMigrations } from './feedback/schema.js';
import { relayMigrations } from './storage/schema.js';
import type { SqlMigration } from './storage/sql.js';
import { webhookMigrations } from './webhooks/schema.js';

/**
 * Every feature's tables, in the order they are applied. The runtime hands this list to storage,
 * which knows nothing of the features above it. Append only: applied names are recorded.
 */
export const allMigrations: readonly SqlMigration[] = [
  ...relayMigrations,
  ...adminMigrations,
  ...webhookMigrations,
  ...feedbackMigrations,
  ...documentLinkMigrations,
  ...courtDatesMigrations,
];
