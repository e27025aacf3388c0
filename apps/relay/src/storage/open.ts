import { join } from 'node:path';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { SqlClient, SqlMigration } from './sql.js';

export interface OpenDatabaseOptions {
  /** PostgreSQL URL, `memory:` for an in-memory PGlite, or undefined for PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  schema?: string | undefined;
  /** Applied in order, each once; the runtime composes them from the features. */
  migrations: readonly SqlMigration[];
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase({
  databaseUrl,
  dataDir,
  schema,
  migrations,
}: OpenDatabaseOptions): Promise<SqlClient> {
  const sql =
    databaseUrl === undefined
      ? await openPglite(join(dataDir, 'relay-db'))
      : databaseUrl === 'memory:'
        ? await openPglite(undefined)
        : await openPostgres(databaseUrl, schema);
  try {
    await migrate(sql, migrations);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return sql;
}
