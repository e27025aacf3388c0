import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RelayDeps } from '../../deps.js';
import { generatePassword, hashPassword } from './password.js';

export interface EnsureAdminUserResult {
  created: boolean;
  /**
   * The file holding the generated password (mode 0600, in the data directory), while it exists:
   * print this path, never the password, so it stays out of logs.
   */
  passwordFile?: string;
}

export const ADMIN_PASSWORD_FILE = 'admin-password';

/** Where a generated admin password is written. */
export function adminPasswordFile(deps: Pick<RelayDeps, 'config'>): string {
  return join(deps.config.embeddedDataDir, ADMIN_PASSWORD_FILE);
}

function writePrivate(file: string, text: string): void {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(file, text, { mode: 0o600 });
  // `mode` only applies when the file is created; tighten a leftover file too.
  chmodSync(file, 0o600);
}

/**
 * Called once at start by main.ts. With `ADMIN_PASSWORD` set, the user is created or its hash
 * updated to match (so rotating the env var rotates the password). Without it, a first start creates
 * the user with a random password written to a private file; later starts leave it alone.
 */
export async function ensureAdminUser(deps: RelayDeps): Promise<EnsureAdminUserResult> {
  const { user: adminUser, password: adminPassword } = deps.config.admin;
  const file = adminPasswordFile(deps);
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
    // A generated password no longer works once ADMIN_PASSWORD rules; its file would only mislead.
    rmSync(file, { force: true });
    return { created: existing.length === 0 };
  }
  if (existing.length > 0) return { created: false, ...(existsSync(file) ? { passwordFile: file } : {}) };
  const password = generatePassword();
  // Written before the user exists: if the file cannot be written, the start fails and the next one
  // tries again, instead of leaving a user whose password nobody has.
  writePrivate(file, `${password}\n`);
  const inserted = await deps.sql.query(
    `INSERT INTO admin_users (username, password_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO NOTHING RETURNING username`,
    [adminUser, await hashPassword(password), now],
  );
  if (inserted.length > 0) return { created: true, passwordFile: file };
  // Another relay instance sharing the database won the race; its password stands and ours is void.
  rmSync(file, { force: true });
  return { created: false };
}
