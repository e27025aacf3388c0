import type Database from 'better-sqlite3';
import type { Db } from '../db/database.js';

/*
 * Prepared statements of the search path, kept per database: preparing one costs tens of
 * microseconds (SQL parse and plan, FTS5 setup), paid on every query otherwise. Statements are
 * keyed by their SQL text, which is built from a fixed set of fragments, so the cache stays small.
 */
const cache = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * Page cache wanted by search, in KiB. SQLite's default (2 MiB) is far smaller than the pages one
 * query touches at 100k chunks (FTS5 doclists, then a kb_chunks row per match for the account
 * filter, whose overflow pages evict the doclists): the FTS query then re-reads most pages from
 * the OS and takes ~1.7x as long. Memory is only used as pages are read.
 */
const SEARCH_CACHE_KIB = 64 * 1024;

export function cachedStatement(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
    raiseCacheSize(db);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** Raises the connection's page cache to SEARCH_CACHE_KIB, never lowers it. */
function raiseCacheSize(db: Db): void {
  const current = Number(db.pragma('cache_size', { simple: true }));
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const kib = current < 0 ? -current : (current * pageSize) / 1024;
  if (kib < SEARCH_CACHE_KIB) db.pragma(`cache_size = -${SEARCH_CACHE_KIB}`);
}
