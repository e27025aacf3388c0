import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlClient } from './sql.js';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

async function run<T>(db: Runner, sql: string, params?: readonly unknown[]): Promise<T[]> {
  if (params === undefined || params.length === 0) {
    // Like node-postgres' simple protocol: a script of several statements (migrations) runs as one.
    const results = await db.exec(sql);
    return (results.at(-1)?.rows ?? []) as T[];
  }
  const result = await db.query<T>(sql, [...params]);
  return result.rows;
}

function txClient(tx: Transaction): SqlClient {
  return {
    query: (sql, params) => run(tx, sql, params),
    transaction: (fn) => fn(txClient(tx)),
    close: async () => {},
  };
}

/** Embedded PostgreSQL (WASM): a directory on disk, or memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<SqlClient> {
  const db = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await db.waitReady;
  return {
    query: (sql, params) => run(db, sql, params),
    transaction: (fn) => db.transaction((tx) => fn(txClient(tx))),
    close: () => db.close(),
  };
}
