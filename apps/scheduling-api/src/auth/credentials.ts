import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { credentialsFile } from '../data-dir.js';
import type { Db } from '../db/database.js';
import { formatUtc } from '../time/zoned-time.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Registers an API client (idempotent for the same id: the secret is replaced, the revocation cleared). */
export function registerApiClient(db: Db, { clientId, clientSecret }: Credentials, now: Date): void {
  db.prepare(
    `INSERT INTO api_clients (client_id, secret_hash, created_at) VALUES (?, ?, ?)
     ON CONFLICT (client_id) DO UPDATE SET secret_hash = excluded.secret_hash, revoked_at = NULL`,
  ).run(clientId, hashSecret(clientSecret), formatUtc(now.getTime()));
}

/** Generates a new API client and returns its one-time-visible secret. */
export function createApiClient(db: Db, now: Date): Credentials {
  const creds = {
    clientId: `sched_${randomBytes(8).toString('hex')}`,
    clientSecret: randomBytes(32).toString('base64url'),
  };
  registerApiClient(db, creds, now);
  return creds;
}

/** Revokes an API client: its tokens stop working at once (401) and it can get no new ones. */
export function revokeApiClient(db: Db, clientId: string, now: Date): boolean {
  const res = db
    .prepare('UPDATE api_clients SET revoked_at = ? WHERE client_id = ? AND revoked_at IS NULL')
    .run(formatUtc(now.getTime()), clientId);
  db.prepare('DELETE FROM access_tokens WHERE client_id = ?').run(clientId);
  return res.changes > 0;
}

/**
 * The embedded default's credentials: the configured pair, else the pair saved in the data directory,
 * else a new pair written there with mode 0600 (like `.data/upstream.json` for the chatbot-api keys).
 */
export function ensureCredentials(
  db: Db,
  dataDir: string,
  configured: Credentials | null,
  now: Date,
): { credentials: Credentials; file: string | null; created: boolean } {
  if (configured) {
    registerApiClient(db, configured, now);
    return { credentials: configured, file: null, created: false };
  }
  const file = credentialsFile(dataDir);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { client_id?: unknown; client_secret?: unknown };
    if (typeof saved.client_id === 'string' && typeof saved.client_secret === 'string') {
      const credentials = { clientId: saved.client_id, clientSecret: saved.client_secret };
      const known = db.prepare('SELECT 1 FROM api_clients WHERE client_id = ?').get(credentials.clientId);
      // A data directory whose database was deleted keeps working with the saved pair.
      if (!known) registerApiClient(db, credentials, now);
      return { credentials, file, created: false };
    }
  }
  const credentials = createApiClient(db, now);
  writeFileSync(
    file,
    `${JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret }, null, 2)}\n`,
    { mode: 0o600 },
  );
  // `mode` applies only when the file is created; tighten a file that already existed too.
  chmodSync(file, 0o600);
  return { credentials, file, created: true };
}
