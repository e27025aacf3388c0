import { coreMigrations } from './db/core-schema.js';
import type { Migration } from './db/database.js';
import { knowledgeMigrations } from './knowledge/schema.js';

/** Every feature's migrations in the order they apply: the API core's tables, then the knowledge base's. */
export function allMigrations(): Migration[] {
  return [...coreMigrations, ...knowledgeMigrations];
}
