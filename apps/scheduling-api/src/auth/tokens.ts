import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { HttpError, unauthorized } from '../http/http-error.js';

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues an opaque bearer token; only its hash is stored. */
export function issueToken(db: Db, clientId: string, nowMs: number, ttlSeconds: number): string {
  const token = randomBytes(32).toString('base64url');
  db.prepare('DELETE FROM access_tokens WHERE expires_at <= ?').run(nowMs);
  db.prepare('INSERT INTO access_tokens (token_hash, client_id, expires_at) VALUES (?, ?, ?)').run(
    tokenHash(token),
    clientId,
    nowMs + ttlSeconds * 1000,
  );
  return token;
}

/**
 * Checks `Authorization: Bearer <token>`: missing, malformed, unknown, expired and revoked-client tokens are
 * all 401; a valid token of an inactive agency is 403, as the contract says.
 */
export function createAuthenticator({ db, now }: { db: Db; now: () => Date }) {
  const find = db.prepare(
    `SELECT t.client_id AS clientId, t.expires_at AS expiresAt, c.revoked_at AS revokedAt
       FROM access_tokens t JOIN api_clients c ON c.client_id = t.client_id WHERE t.token_hash = ?`,
  );
  const agency = db.prepare('SELECT active FROM agency LIMIT 1');
  return function authenticate(header: string | undefined): string {
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
    if (!m) throw unauthorized();
    const row = find.get(tokenHash(m[1]!)) as
      | { clientId: string; expiresAt: number; revokedAt: string | null }
      | undefined;
    if (!row || row.revokedAt !== null || row.expiresAt <= now().getTime()) throw unauthorized();
    const a = agency.get() as { active: number } | undefined;
    if (!a) throw new HttpError(404, 'Agency not found.');
    if (a.active !== 1) throw new HttpError(403, 'Agency inactive.');
    return row.clientId;
  };
}
