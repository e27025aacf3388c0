import { parseArgs } from 'node:util';
import { requireAccount } from '../accounts/accounts.js';
import { expireKey, issueKey, listKeys, revokeKey, SCOPES, type StoredKey } from '../accounts/keys.js';
import { KEY_PREFIX } from '../auth/api-key.js';
import type { Scope } from '../http/route.js';
import { accountOrOnly, type CliContext, CliError, parseInstant, parseList, required } from './context.js';

/** Never the hash: a listing shows the quotable id (prefix + 16 characters) only. */
function keyView(k: StoredKey) {
  return {
    key_id: `${KEY_PREFIX}${k.keyId}`,
    account_id: k.accountId,
    name: k.name,
    scopes: k.scopes,
    created_at: k.createdAt,
    expires_at: k.expiresAt,
    revoked_at: k.revokedAt,
  };
}

function parseScopes(value: string): Scope[] {
  const scopes = parseList(value);
  const bad = scopes.find((s) => !(SCOPES as string[]).includes(s));
  if (bad !== undefined || scopes.length === 0)
    throw new CliError('--scopes must list chat and/or ingest, comma-separated.');
  return scopes as Scope[];
}

export async function keys(ctx: CliContext, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      account: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      expires: { type: 'string' },
      at: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  switch (action) {
    case 'create': {
      const accountId = accountOrOnly(ctx, values.account);
      requireAccount(ctx.db, accountId);
      const expiresAt = values.expires ? parseInstant(values.expires, ctx.now, 'expires') : null;
      const { key, stored } = await issueKey(ctx.db, {
        accountId,
        scopes: parseScopes(required(values.scopes, 'scopes')),
        now: ctx.now,
        expiresAt,
        ...(values.name ? { name: values.name } : {}),
      });
      ctx.print({ key, ...keyView(stored) }, `${key}\nKeep it: it cannot be shown again.`);
      return;
    }
    case 'list': {
      const all = listKeys(ctx.db, accountOrOnly(ctx, values.account)).map(keyView);
      const state = (k: ReturnType<typeof keyView>) =>
        k.revoked_at
          ? 'revoked'
          : k.expires_at && Date.parse(k.expires_at) <= ctx.now.getTime()
            ? 'expired'
            : 'active';
      ctx.print(all, all.map((k) => `${k.key_id}  ${k.scopes.join(',')}  ${state(k)}  ${k.name}`).join('\n'));
      return;
    }
    case 'revoke': {
      const k = revokeKey(ctx.db, required(positionals[0], 'KEY_ID (positional)'), ctx.now);
      ctx.print(keyView(k), `revoked ${KEY_PREFIX}${k.keyId}`);
      return;
    }
    case 'expire': {
      const at = parseInstant(values.at ?? 'now', ctx.now, 'at');
      const k = expireKey(ctx.db, required(positionals[0], 'KEY_ID (positional)'), at);
      ctx.print(keyView(k), `${KEY_PREFIX}${k.keyId} expires ${k.expiresAt ?? 'never'}`);
      return;
    }
    default:
      throw new CliError(
        'Usage: keys create --scopes chat,ingest [--expires ISO] | list | revoke KEY_ID | expire KEY_ID [--at ISO|now|never] [--account ID]',
      );
  }
}
