import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface Migration {
  /** Unique, never renamed: applied migrations are recorded by name. */
  name: string;
  sql: string;
}

/**
 * Opens (creating if needed) one SQLite file and applies the pending ones of the migrations it is handed,
 * in order, each in its own transaction. Storage knows no feature: the app's composition root lists every
 * feature's migrations. WAL mode lets readers proceed while a background job writes.
 */
export function openDatabase(file: string, migrations: readonly Migration[]): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db
      .prepare('SELECT name FROM schema_migrations')
      .all()
      .map((r) => (r as { name: string }).name),
  );
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.name, new Date().toISOString());
    })();
  }
  return db;
}
