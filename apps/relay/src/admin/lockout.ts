import type { SqlClient } from '../storage/sql.js';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

// 5 failures within 15 minutes lock for 15 minutes, per username and per IP independently, so an
// attacker can neither guess one account from many IPs nor spray many accounts from one IP.
export const defaultLockoutPolicy: LockoutPolicy = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

interface FailureRow {
  at: Date | string;
}

/** Seconds until the key may try again, or 0 when it is not locked. */
async function lockedFor(
  sql: SqlClient,
  column: 'username' | 'ip',
  value: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<number> {
  // The lock runs from the latest failure that reached the threshold, so the lookback covers the
  // counting window plus the lock itself.
  const since = new Date(now.getTime() - policy.windowMs - policy.lockMs).toISOString();
  const cleared = column === 'username' ? 'AND NOT user_cleared' : '';
  const rows = await sql.query<FailureRow>(
    `SELECT at FROM admin_login_failures WHERE ${column} = $1 AND at > $2 ${cleared} ORDER BY at ASC`,
    [value, since],
  );
  const times = rows.map((r) => new Date(r.at).getTime());
  let lockedUntil = 0;
  for (let i = policy.maxFailures - 1; i < times.length; i++) {
    const first = times[i - policy.maxFailures + 1]!;
    const current = times[i]!;
    if (current - first <= policy.windowMs) lockedUntil = Math.max(lockedUntil, current + policy.lockMs);
  }
  const remaining = lockedUntil - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

export async function lockoutRetryAfter(
  sql: SqlClient,
  username: string,
  ip: string,
  now: Date,
  policy: LockoutPolicy = defaultLockoutPolicy,
): Promise<number> {
  const [byUser, byIp] = await Promise.all([
    lockedFor(sql, 'username', username, now, policy),
    lockedFor(sql, 'ip', ip, now, policy),
  ]);
  return Math.max(byUser, byIp);
}

export async function recordLoginFailure(
  sql: SqlClient,
  username: string,
  ip: string,
  now: Date,
  policy: LockoutPolicy = defaultLockoutPolicy,
): Promise<void> {
  await sql.query('INSERT INTO admin_login_failures (username, ip, at) VALUES ($1, $2, $3)', [
    username,
    ip,
    now.toISOString(),
  ]);
  // Rows older than any window that could still lock are useless; dropping them here keeps the
  // table bounded without a timer.
  const expired = new Date(now.getTime() - policy.windowMs - policy.lockMs).toISOString();
  await sql.query('DELETE FROM admin_login_failures WHERE at < $1', [expired]);
}

/** A success forgives the user's failures, not the IP's: one good login must not unlock a spraying IP. */
export async function clearLoginFailures(sql: SqlClient, username: string): Promise<void> {
  await sql.query('UPDATE admin_login_failures SET user_cleared = true WHERE username = $1', [username]);
}
