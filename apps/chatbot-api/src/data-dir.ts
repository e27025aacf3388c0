import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, openDatabase } from './db/database.js';
import { allMigrations } from './migrations.js';

/** The one database file of a data directory; the CLI, main.ts and the test harness agree on it. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'chatbot-api.sqlite');
}

/** Creates the directory when missing and opens its database with every migration applied. */
export function openDataDir(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  return openDatabase(databaseFile(dataDir), allMigrations());
}
