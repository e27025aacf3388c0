import { createHash } from 'node:crypto';
import { getAccount } from '../accounts/accounts.js';
import { getKey } from '../accounts/keys.js';
import type { Db } from '../db/database.js';
import type { Scope } from '../http/route.js';
import { parseApiKey, verifySecret } from './api-key.js';

export interface VerifiedKey {
  keyId: string;
  accountId: string;
  scopes: readonly Scope[];
}

export interface KeyVerifierOptions {
  db: Db;
  now: () => Date;
  /** How long a successful scrypt check is remembered; the contract allows up to 60 s. */
  cacheMs?: number;
}

const BEARER = /^bearer (\S+)$/i;

/**
 * Verifies `Authorization` headers. Only the expensive part (scrypt over the secret) is cached; the
 * key's revocation, expiry and the account's suspension are read on every request, so they take
 * effect at once rather than within the minute the contract allows.
 */
export function createKeyVerifier({ db, now, cacheMs = 60_000 }: KeyVerifierOptions) {
  const verified = new Map<string, number>();

  return async function verify(header: string | undefined): Promise<VerifiedKey | null> {
    if (header === undefined) return null;
    const m = BEARER.exec(header);
    if (!m) return null;
    const parsed = parseApiKey(m[1]!);
    if (!parsed) return null;
    const stored = getKey(db, parsed.keyId);
    if (!stored || stored.revokedAt !== null) return null;
    const at = now();
    if (stored.expiresAt !== null && Date.parse(stored.expiresAt) <= at.getTime()) return null;
    const account = getAccount(db, stored.accountId);
    if (!account || account.suspended) return null;

    const fingerprint = createHash('sha256').update(m[1]!).digest('hex');
    const until = verified.get(fingerprint);
    if (until === undefined || until <= at.getTime()) {
      verified.delete(fingerprint);
      if (!(await verifySecret(parsed.secret, stored.secretHash))) return null;
      if (verified.size > 10_000) verified.clear();
      verified.set(fingerprint, at.getTime() + cacheMs);
    }
    return { keyId: stored.keyId, accountId: stored.accountId, scopes: stored.scopes };
  };
}
