import type { RelayDeps } from '../deps.js';
import type { SqlClient } from '../storage/sql.js';

export const MAX_STORED_ORIGINS = 100;

export async function storedOrigins(sql: SqlClient): Promise<string[]> {
  const rows = await sql.query<{ origin: string }>(
    'SELECT origin FROM admin_allowed_origins ORDER BY origin',
  );
  return rows.map((r) => r.origin);
}

export async function replaceStoredOrigins(
  sql: SqlClient,
  origins: string[],
  by: string,
  now: Date,
): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query('DELETE FROM admin_allowed_origins');
    for (const origin of origins) {
      await tx.query('INSERT INTO admin_allowed_origins (origin, added_at, added_by) VALUES ($1, $2, $3)', [
        origin,
        now.toISOString(),
        by,
      ]);
    }
  });
}

/**
 * The widget's effective origin allowlist: the configured origins (env), the relay's own PUBLIC_URL
 * origin, and the ones staff stored in the admin app. For relay-core's origin check; it reads the DB on every call, so callers that run
 * on every request should cache it briefly.
 */
export async function effectiveAllowedOrigins(deps: Pick<RelayDeps, 'config' | 'sql'>): Promise<string[]> {
  const { allowedOrigins: configuredOrigins, server } = deps.config;
  const { publicOrigin } = server;
  // The relay's own origin is included so the admin app's Try-it panel can run the real widget.
  const own = publicOrigin ? [publicOrigin] : [];
  return [...new Set([...configuredOrigins, ...own, ...(await storedOrigins(deps.sql))])].sort();
}
