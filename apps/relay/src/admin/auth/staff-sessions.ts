import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '../../storage/sql.js';

/**
 * On a secure request the cookie is `__Host-` prefixed: browsers then insist on Secure, `Path=/` and no
 * Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite it.
 */
export const SESSION_COOKIE = '__Host-amicus_admin';
/**
 * Plain-http development (`npm start` on localhost): a browser refuses a `__Host-` cookie without
 * Secure, so the session lives under this name, scoped to `/admin`. It is never read on a secure request.
 */
export const INSECURE_SESSION_COOKIE = 'amicus_admin';
export const SESSION_TTL_MS = 8 * 60 * 60_000;

export interface AdminSession {
  username: string;
  csrfToken: string;
  expiresAt: Date;
}

// Only a digest of the cookie value is stored, so a leaked database dump cannot be replayed as a login.
function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(
  sql: SqlClient,
  username: string,
  now: Date,
): Promise<{ token: string; session: AdminSession }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // Expired rows are swept on each login rather than by a timer: logins are rare and this keeps the
  // table small without a background job per relay instance.
  await sql.query('DELETE FROM admin_sessions WHERE expires_at <= $1', [now.toISOString()]);
  await sql.query(
    `INSERT INTO admin_sessions (token_hash, username, csrf_token, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [digest(token), username, csrfToken, now.toISOString(), expiresAt.toISOString()],
  );
  return { token, session: { username, csrfToken, expiresAt } };
}

interface SessionRow {
  username: string;
  csrf_token: string;
  expires_at: Date | string;
}

export async function findSession(sql: SqlClient, token: string, now: Date): Promise<AdminSession | null> {
  // Tokens we mint are 43 base64url characters; anything else cannot match, so skip the query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await sql.query<SessionRow>(
    'SELECT username, csrf_token, expires_at FROM admin_sessions WHERE token_hash = $1 AND expires_at > $2',
    [digest(token), now.toISOString()],
  );
  const row = rows[0];
  if (!row) return null;
  return { username: row.username, csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) };
}

export async function deleteSession(sql: SqlClient, token: string): Promise<void> {
  await sql.query('DELETE FROM admin_sessions WHERE token_hash = $1', [digest(token)]);
}

/** Reads one cookie from a Cookie header without a parser dependency. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? SESSION_COOKIE : INSECURE_SESSION_COOKIE;
}

export function sessionCookie(token: string, secure: boolean, maxAgeMs: number): string {
  const attributes = [
    `${sessionCookieName(secure)}=${token}`,
    secure ? 'Path=/' : 'Path=/admin',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', secure, 0);
}
