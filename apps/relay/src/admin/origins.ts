import type { RelayDeps } from '../deps.js';
import type { SqlClient } from '../storage/sql.js';
import { invalid } from './admin-error.js';
import { adminSettings } from './admin-settings.js';
import { hasControlCharacters } from './text-input.js';

export const MAX_STORED_ORIGINS = 100;

// A host name (letters, digits, dots, hyphens, underscores; IDNs arrive here as punycode), an IPv4
// address, or a bracketed IPv6 address. The URL parser alone would accept `*` and other punctuation.
const HOST = /^([a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/;

/** `http(s)://host[:port]` only, lower-cased; anything with a path, query or credentials is refused. */
export function normalizeOrigin(value: unknown, param: string): string {
  if (typeof value === 'string' && value.includes('*')) {
    // Browsers send one exact origin and the allowlist compares exactly, so a pattern would silently
    // match nothing (or, were it ever honoured, let any subdomain embed the widget).
    throw invalid(
      `Wildcards are not supported (got ${JSON.stringify(value.slice(0, 100))}): list each origin, such as https://www.example.org.`,
      param,
    );
  }
  const shape = /^https?:\/\/[^/?#@\s\\]+\/?$/i;
  if (typeof value === 'string' && value.length <= 300 && shape.test(value) && !hasControlCharacters(value)) {
    try {
      const url = new URL(value);
      if (HOST.test(url.hostname)) return url.origin.toLowerCase();
    } catch {
      // falls through to the 400 below
    }
  }
  throw invalid(
    'Each origin must look like https://www.example.org (scheme, host and optional port only).',
    param,
  );
}

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
  const { configuredOrigins, publicOrigin } = adminSettings(deps.config);
  // The relay's own origin is included so the admin app's Try-it panel can run the real widget.
  const own = publicOrigin ? [publicOrigin] : [];
  return [...new Set([...configuredOrigins, ...own, ...(await storedOrigins(deps.sql))])].sort();
}
