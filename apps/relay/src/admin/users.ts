import type { RelayDeps } from '../deps.js';
import { adminSettings } from './admin-settings.js';
import { generatePassword, hashPassword } from './password.js';

export interface EnsureAdminUserResult {
  created: boolean;
  /** Present only when a random password was generated: print it once, it is never stored. */
  password?: string;
}

/**
 * Called once at start by main.ts. With `ADMIN_PASSWORD` set, the user is created or its hash
 * updated to match (so rotating the env var rotates the password). Without it, a first start creates
 * the user with a random password returned here once; later starts leave it alone.
 */
export async function ensureAdminUser(deps: RelayDeps): Promise<EnsureAdminUserResult> {
  const { adminUser, adminPassword } = adminSettings(deps.config);
  const existing = await deps.sql.query<{ password_hash: string }>(
    'SELECT password_hash FROM admin_users WHERE username = $1',
    [adminUser],
  );
  const now = deps.now().toISOString();
  if (adminPassword !== undefined) {
    const hash = await hashPassword(adminPassword);
    await deps.sql.query(
      `INSERT INTO admin_users (username, password_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
      [adminUser, hash, now],
    );
    return { created: existing.length === 0 };
  }
  if (existing.length > 0) return { created: false };
  const password = generatePassword();
  const inserted = await deps.sql.query(
    `INSERT INTO admin_users (username, password_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO NOTHING RETURNING username`,
    [adminUser, await hashPassword(password), now],
  );
  // Another relay instance sharing the database may have won the race; its password stands.
  return inserted.length > 0 ? { created: true, password } : { created: false };
}
