import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, openDatabase } from './db/database.js';
import { migrations } from './db/schema.js';

/** The database file of a data directory; main.ts, the CLI and the test harness agree on it. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'scheduling-api.sqlite');
}

/** The API client id and secret generated on first start (mode 0600). */
export function credentialsFile(dataDir: string): string {
  return join(dataDir, 'credentials.json');
}

/** Creates the directory when missing and opens its database with every migration applied. */
export function openDataDir(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return openDatabase(databaseFile(dataDir), migrations);
}
