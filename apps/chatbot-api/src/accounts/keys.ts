import { generateApiKey, hashSecret, KEY_PREFIX } from '../auth/api-key.js';
import type { Db } from '../db/database.js';
import type { Scope } from '../http/route.js';

export interface StoredKey {
  keyId: string;
  accountId: string;
  secretHash: string;
  scopes: Scope[];
  name: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

interface KeyRow {
  key_id: string;
  account_id: string;
  secret_hash: string;
  scopes: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export const SCOPES: readonly Scope[] = ['chat', 'ingest'];

function fromRow(r: KeyRow): StoredKey {
  return {
    keyId: r.key_id,
    accountId: r.account_id,
    secretHash: r.secret_hash,
    scopes: r.scopes.split(',').filter((s): s is Scope => (SCOPES as string[]).includes(s)),
    name: r.name,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
  };
}

export interface IssueKeyOptions {
  accountId: string;
  scopes: readonly Scope[];
  name?: string;
  expiresAt?: Date | null;
  now: Date;
}

/** Issues a key; the full value is returned once and only its scrypt hash is stored. */
export async function issueKey(db: Db, opts: IssueKeyOptions): Promise<{ key: string; stored: StoredKey }> {
  if (opts.scopes.length === 0) throw new Error('A key needs at least one scope (chat, ingest).');
  const { key, keyId, secret } = generateApiKey();
  const secretHash = await hashSecret(secret);
  db.prepare(
    'INSERT INTO api_keys (key_id, account_id, secret_hash, scopes, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    keyId,
    opts.accountId,
    secretHash,
    [...new Set(opts.scopes)].join(','),
    opts.name ?? '',
    opts.now.toISOString(),
    opts.expiresAt ? opts.expiresAt.toISOString() : null,
  );
  return { key, stored: getKey(db, keyId)! };
}

export function getKey(db: Db, keyId: string): StoredKey | null {
  const row = db.prepare('SELECT * FROM api_keys WHERE key_id = ?').get(keyId) as KeyRow | undefined;
  return row ? fromRow(row) : null;
}

export function listKeys(db: Db, accountId: string): StoredKey[] {
  return (
    db
      .prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, key_id')
      .all(accountId) as KeyRow[]
  ).map(fromRow);
}

/** Accepts the bare 16-character id or the quoted form `svc_sk_` + id. */
export function normaliseKeyId(id: string): string {
  return id.startsWith(KEY_PREFIX) ? id.slice(KEY_PREFIX.length, KEY_PREFIX.length + 16) : id;
}

export function revokeKey(db: Db, keyId: string, now: Date): StoredKey {
  const id = normaliseKeyId(keyId);
  const res = db
    .prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE key_id = ?')
    .run(now.toISOString(), id);
  if (res.changes === 0) throw new Error(`No key with id ${keyId}.`);
  return getKey(db, id)!;
}

/** Sets (or clears with null) the expiry instant. */
export function expireKey(db: Db, keyId: string, at: Date | null): StoredKey {
  const id = normaliseKeyId(keyId);
  const res = db
    .prepare('UPDATE api_keys SET expires_at = ? WHERE key_id = ?')
    .run(at ? at.toISOString() : null, id);
  if (res.changes === 0) throw new Error(`No key with id ${keyId}.`);
  return getKey(db, id)!;
}
