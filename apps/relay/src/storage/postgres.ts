import pg from 'pg';
import type { SqlClient } from './sql.js';

// BIGINT and COUNT(*) come back as strings by default; our counters fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

function clientOf(runner: pg.Pool | pg.PoolClient, inTx: boolean): SqlClient {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await runner.query(sql, params === undefined ? undefined : [...params]);
      // A multi-statement script answers with one result per statement; keep the last, like PGlite.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as T[];
    },
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      if (inTx) return fn(clientOf(runner, true));
      const client = await (runner as pg.Pool).connect();
      try {
        await client.query('BEGIN');
        const value = await fn(clientOf(client, true));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (!inTx) await (runner as pg.Pool).end();
    },
  };
}

/**
 * node-postgres pool. `schema` isolates one deployment (or one test run) in its own schema: it is
 * created when missing and put first on every connection's search_path.
 */
export async function openPostgres(url: string, schema?: string): Promise<SqlClient> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error('DATABASE_SCHEMA must be a lower-case SQL identifier.');
  }
  if (schema !== undefined) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // IF NOT EXISTS still races when instances start together; the lock makes them take turns.
      await admin.query('BEGIN');
      await admin.query('SELECT pg_advisory_xact_lock($1)', [0x616d6963]);
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.query('COMMIT');
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return clientOf(pool, false);
}
