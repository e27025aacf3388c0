import { ipKeyGenerator } from 'express-rate-limit';
import type { SqlClient } from '../../storage/sql.js';

/**
 * Sign-in throttling, shared by every relay on the same database.
 *
 * - One username from one network (IPv4 address, IPv6 /56) has a few free failures, then each further
 *   try waits, the wait doubling per failure. An attacker elsewhere therefore never locks staff out.
 * - Two generous ceilings catch what that cannot: one network spraying many usernames, and many
 *   networks guessing one username. They are leaky buckets, and a network that signed in as the
 *   username recently is exempt from both, so the right password from a staff network still works
 *   while a distributed guess is refused.
 *
 * Every try is counted as a failure *before* the password is checked (a success takes it back), in a
 * transaction holding the counters' rows, so concurrent tries cannot all slip past the count.
 */
export interface LockoutPolicy {
  /** Failures one username may have from one network before each further try must wait. */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with every further failure, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A network's failures for a username are forgotten after this long without another one. */
  forgetMs: number;
  /** Failures from one network across all usernames (password spraying). */
  networkCeiling: Bucket;
  /** Failures for one username from all networks together (distributed guessing). */
  usernameCeiling: Bucket;
  /** A network that signed in as the username within this long is exempt from both ceilings. */
  familiarMs: number;
}

/** A leaky bucket: up to `capacity` failures, draining at `perHour`. */
export interface Bucket {
  capacity: number;
  perHour: number;
}

export const defaultLockoutPolicy: LockoutPolicy = {
  freeFailures: 5,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 24 * 60 * 60_000,
  networkCeiling: { capacity: 30, perHour: 30 },
  usernameCeiling: { capacity: 100, perHour: 100 },
  familiarMs: 30 * 24 * 60 * 60_000,
};

export type LockoutScope = 'network' | 'username';

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfter: number; scope: LockoutScope };

/** The network a client is counted under, grouped as the relay's rate limits group it. */
export function networkOf(ip: string): string {
  return ipKeyGenerator(ip, 56);
}

interface ThrottleRow {
  key: string;
  failures: number | string;
  counted_at: Date | string | null;
  succeeded_at: Date | string | null;
}

const HOUR_MS = 3_600_000;

function keysFor(username: string, ip: string) {
  const network = networkOf(ip);
  // Different prefixes keep the three kinds apart; JSON keeps a username from forging a pair key.
  return {
    network: `network:${network}`,
    pair: `pair:${JSON.stringify([username, network])}`,
    username: `user:${JSON.stringify(username)}`,
  };
}

const time = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();

function bucketLevel(row: ThrottleRow | undefined, now: number, bucket: Bucket): number {
  const countedAt = time(row?.counted_at ?? null);
  if (!row || countedAt === null) return 0;
  return Math.max(0, Number(row.failures) - ((now - countedAt) * bucket.perHour) / HOUR_MS);
}

/** Milliseconds until one more failure fits in the bucket. */
function bucketWait(level: number, bucket: Bucket): number {
  const excess = level + 1 - bucket.capacity;
  return excess > 0 ? (excess * HOUR_MS) / bucket.perHour : 0;
}

function pairFailures(row: ThrottleRow | undefined, now: number, policy: LockoutPolicy): number {
  const countedAt = time(row?.counted_at ?? null);
  if (!row || countedAt === null || now - countedAt > policy.forgetMs) return 0;
  return Number(row.failures);
}

function pairWait(row: ThrottleRow | undefined, now: number, policy: LockoutPolicy): number {
  const failures = pairFailures(row, now, policy);
  if (failures < policy.freeFailures) return 0;
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.freeFailures));
  return Math.max(0, (time(row?.counted_at ?? null) ?? now) + delay - now);
}

function isFamiliar(row: ThrottleRow | undefined, now: number, policy: LockoutPolicy): boolean {
  const succeededAt = time(row?.succeeded_at ?? null);
  return succeededAt !== null && now - succeededAt < policy.familiarMs;
}

/** Inserts the missing counters and locks all of them, in the order given. */
async function lockRows(tx: SqlClient, keys: string[], now: string): Promise<Map<string, ThrottleRow>> {
  const values = keys.map((_, i) => `($${i + 2}, $1)`).join(', ');
  await tx.query(
    `INSERT INTO admin_login_throttle (key, updated_at) VALUES ${values} ON CONFLICT (key) DO NOTHING`,
    [now, ...keys],
  );
  const placeholders = keys.map((_, i) => `$${i + 1}`).join(', ');
  const rows = await tx.query<ThrottleRow>(
    `SELECT key, failures, counted_at, succeeded_at FROM admin_login_throttle
     WHERE key IN (${placeholders}) ORDER BY key FOR UPDATE`,
    keys,
  );
  return new Map(rows.map((row) => [row.key, row]));
}

async function store(tx: SqlClient, key: string, failures: number, now: string, succeeded = false) {
  await tx.query(
    `UPDATE admin_login_throttle SET failures = $2, counted_at = $3, updated_at = $3
     ${succeeded ? ', succeeded_at = $3' : ''} WHERE key = $1`,
    [key, failures, now],
  );
}

/**
 * Decides whether this try may check a password and, if so, counts it as a failure already. Call
 * `recordLoginSuccess` when the password was right.
 */
export async function reserveLoginAttempt(
  sql: SqlClient,
  username: string,
  ip: string,
  now: Date,
  policy: LockoutPolicy = defaultLockoutPolicy,
): Promise<LoginAttempt> {
  const keys = keysFor(username, ip);
  const at = now.getTime();
  const iso = now.toISOString();
  const attempt = await sql.transaction(async (tx): Promise<LoginAttempt> => {
    // Lock order is fixed (the network first, then the others sorted), so concurrent tries on shared
    // counters wait for each other instead of deadlocking.
    const network = (await lockRows(tx, [keys.network], iso)).get(keys.network);
    const [pairRow] = await tx.query<ThrottleRow>(
      'SELECT key, failures, counted_at, succeeded_at FROM admin_login_throttle WHERE key = $1',
      [keys.pair],
    );
    const familiar = isFamiliar(pairRow, at, policy);
    const networkLevel = bucketLevel(network, at, policy.networkCeiling);
    // Checked before any per-username row exists, so spraying made-up names cannot grow the table.
    const sprayWait = familiar ? 0 : bucketWait(networkLevel, policy.networkCeiling);
    if (sprayWait > 0) return { allowed: false, retryAfter: Math.ceil(sprayWait / 1000), scope: 'network' };

    const rows = await lockRows(tx, [keys.pair, keys.username].sort(), iso);
    const pair = rows.get(keys.pair);
    const user = rows.get(keys.username);
    const userLevel = bucketLevel(user, at, policy.usernameCeiling);
    const waits: [LockoutScope, number][] = [['network', pairWait(pair, at, policy)]];
    if (!familiar) waits.push(['username', bucketWait(userLevel, policy.usernameCeiling)]);
    const [scope, wait] = waits.reduce((a, b) => (b[1] > a[1] ? b : a));
    if (wait > 0) return { allowed: false, retryAfter: Math.ceil(wait / 1000), scope };

    await store(tx, keys.network, networkLevel + 1, iso);
    await store(tx, keys.pair, pairFailures(pair, at, policy) + 1, iso);
    await store(tx, keys.username, userLevel + 1, iso);
    return { allowed: true };
  });
  if (attempt.allowed) {
    // Counters idle for longer than any of them can matter are dropped here, so the table stays
    // bounded without a timer; a network's "signed in before" mark is kept for `familiarMs`.
    await sql.query(
      `DELETE FROM admin_login_throttle WHERE updated_at < $1 AND (succeeded_at IS NULL OR succeeded_at < $2)`,
      [new Date(at - policy.forgetMs).toISOString(), new Date(at - policy.familiarMs).toISOString()],
    );
  }
  return attempt;
}

/**
 * The password was right: this network's failures for the username are forgiven and the network
 * becomes familiar. The ceilings only get this try back: one good sign-in must not hand a spraying
 * network or a distributed guess a fresh allowance.
 */
export async function recordLoginSuccess(
  sql: SqlClient,
  username: string,
  ip: string,
  now: Date,
  policy: LockoutPolicy = defaultLockoutPolicy,
): Promise<void> {
  const keys = keysFor(username, ip);
  const at = now.getTime();
  const iso = now.toISOString();
  await sql.transaction(async (tx) => {
    const network = (await lockRows(tx, [keys.network], iso)).get(keys.network);
    const rows = await lockRows(tx, [keys.pair, keys.username].sort(), iso);
    await store(tx, keys.network, Math.max(0, bucketLevel(network, at, policy.networkCeiling) - 1), iso);
    await store(tx, keys.pair, 0, iso, true);
    const user = rows.get(keys.username);
    await store(tx, keys.username, Math.max(0, bucketLevel(user, at, policy.usernameCeiling) - 1), iso);
  });
}
