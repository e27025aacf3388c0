import type { SqlClient, SqlMigration } from './sql.js';

/**
 * Applies named migrations once each, in order. The advisory lock makes instances that start
 * together take turns instead of racing on CREATE TABLE.
 */
export async function migrate(sql: SqlClient, migrations: readonly SqlMigration[]): Promise<string[]> {
  const names = new Set<string>();
  for (const m of migrations) {
    if (names.has(m.name)) throw new Error(`Duplicate migration name: ${m.name}`);
    names.add(m.name);
  }
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [0x616d6963]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS relay_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const rows = await tx.query<{ name: string }>('SELECT name FROM relay_migrations');
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await tx.query(m.sql);
      await tx.query('INSERT INTO relay_migrations (name) VALUES ($1)', [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
