import { join } from 'node:path';
import { documentLinkMigrations } from '../admin/document-links.js';
import { adminMigrations } from '../admin/schema.js';
import { courtDatesMigrations } from '../court-dates/schema.js';
import { feedbackMigrations } from '../feedback/schema.js';
import { webhookMigrations } from '../webhooks/schema.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { relayMigrations } from './schema.js';
import type { SqlClient, SqlMigration } from './sql.js';

export const allMigrations: readonly SqlMigration[] = [
  ...relayMigrations,
  ...adminMigrations,
  ...webhookMigrations,
  ...feedbackMigrations,
  ...documentLinkMigrations,
  ...courtDatesMigrations,
];

export interface OpenDatabaseOptions {
  /** PostgreSQL URL, `memory:` for an in-memory PGlite, or undefined for PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  schema?: string | undefined;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase({
  databaseUrl,
  dataDir,
  schema,
}: OpenDatabaseOptions): Promise<SqlClient> {
  const sql =
    databaseUrl === undefined
      ? await openPglite(join(dataDir, 'relay-db'))
      : databaseUrl === 'memory:'
        ? await openPglite(undefined)
        : await openPostgres(databaseUrl, schema);
  try {
    await migrate(sql, allMigrations);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return sql;
}
