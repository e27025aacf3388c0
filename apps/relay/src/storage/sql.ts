/**
 * The relay's database seam. Two implementations speak the same PostgreSQL dialect:
 * PGlite (embedded default, no server) and node-postgres (`DATABASE_URL`).
 * Use `$1, $2…` placeholders only.
 */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; the callback gets a client bound to it. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface SqlMigration {
  /** Unique and never renamed: applied migrations are recorded by name. */
  name: string;
  sql: string;
}
