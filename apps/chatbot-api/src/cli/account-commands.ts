import { parseArgs } from 'node:util';
import { type Account, listAccounts, requireAccount, updateAccount } from '../accounts/accounts.js';
import { type ProvisionResult, provisionAccount } from '../accounts/provision.js';
import { seedDirectory } from '../ingest/seed.js';
import { accountOrOnly, type CliContext, CliError, parsePositiveInt, required } from './context.js';

function accountView(a: Account) {
  return {
    id: a.id,
    name: a.name,
    suspended: a.suspended,
    rpm_limit: a.rpmLimit,
    daily_token_quota: a.dailyTokenQuota,
    default_bot_id: a.defaultBotId,
    webhook_url: a.webhookUrl,
    webhook_secret_set: a.webhookSecret !== null,
    created_at: a.createdAt,
  };
}

/**
 * `init`: refuses a data directory that already has an account, because the keys of that account
 * cannot be shown again; `--force` adds a second account (with new keys) instead.
 */
export async function init(ctx: CliContext, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { force: { type: 'boolean' }, name: { type: 'string' }, bot: { type: 'string' } },
    strict: true,
  });
  const existing = listAccounts(ctx.db);
  if (existing.length > 0 && !values.force) {
    throw new CliError(
      `${ctx.dataDir} is already initialised (account ${existing[0]!.id}); its keys were printed when it was created. Use --force to add another account, or \`keys create\` for new keys.`,
    );
  }
  const result: ProvisionResult = await provisionAccount(ctx.db, {
    now: ctx.now,
    ...(values.name ? { name: values.name } : {}),
    ...(values.bot ? { botSlug: values.bot } : {}),
  });
  ctx.print(
    {
      account_id: result.accountId,
      bot: result.botSlug,
      chat_key: result.chatKey,
      ingest_key: result.ingestKey,
    },
    `account ${result.accountId}\nbot ${result.botSlug} (default)\nchat key ${result.chatKey}\ningest key ${result.ingestKey}\nKeep the keys: they cannot be shown again.`,
  );
}

export async function seed(ctx: CliContext, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      dir: { type: 'string' },
      'base-url': { type: 'string' },
      namespace: { type: 'string', default: 'general' },
    },
    strict: true,
  });
  const baseUrl = required(values['base-url'], 'base-url');
  try {
    new URL(baseUrl);
  } catch {
    throw new CliError('--base-url must be an absolute URL.');
  }
  const result = await seedDirectory(
    { db: ctx.db, dataDir: ctx.dataDir, now: () => new Date(), fetch: globalThis.fetch },
    {
      accountId: accountOrOnly(ctx, values.account),
      dir: required(values.dir, 'dir'),
      baseUrl,
      namespace: values.namespace,
    },
  );
  ctx.print(
    { job_id: result.jobId, documents: result.documents, failed: result.failed },
    `job ${result.jobId}: ${result.documents} documents ingested, ${result.failed} failed`,
  );
}

export async function accounts(ctx: CliContext, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      rpm: { type: 'string' },
      'daily-tokens': { type: 'string' },
      url: { type: 'string' },
      secret: { type: 'string' },
      clear: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const id = () => accountOrOnly(ctx, positionals[0]);
  let account: Account;
  switch (action) {
    case 'list': {
      const all = listAccounts(ctx.db).map(accountView);
      ctx.print(
        all,
        all.map((a) => `${a.id}  ${a.suspended ? 'suspended' : 'active'}  ${a.name}`).join('\n'),
      );
      return;
    }
    case 'show':
      account = requireAccount(ctx.db, id());
      break;
    case 'suspend':
    case 'unsuspend':
      account = updateAccount(ctx.db, id(), { suspended: action === 'suspend' });
      break;
    case 'limits': {
      if (values.rpm === undefined && values['daily-tokens'] === undefined) {
        throw new CliError('Pass --rpm N and/or --daily-tokens N.');
      }
      account = updateAccount(ctx.db, id(), {
        ...(values.rpm !== undefined ? { rpmLimit: parsePositiveInt(values.rpm, 'rpm') } : {}),
        ...(values['daily-tokens'] !== undefined
          ? { dailyTokenQuota: parsePositiveInt(values['daily-tokens'], 'daily-tokens') }
          : {}),
      });
      break;
    }
    case 'webhook': {
      if (values.clear) {
        account = updateAccount(ctx.db, id(), { webhookUrl: null, webhookSecret: null });
        break;
      }
      const url = required(values.url, 'url');
      if (!/^https?:\/\//.test(url)) throw new CliError('--url must be an http(s) URL.');
      account = updateAccount(ctx.db, id(), {
        webhookUrl: url,
        ...(values.secret ? { webhookSecret: values.secret } : {}),
      });
      break;
    }
    default:
      throw new CliError(
        'Usage: accounts list | show | suspend | unsuspend | limits | webhook [ACCOUNT_ID] [options]',
      );
  }
  const view = accountView(account);
  ctx.print(
    view,
    Object.entries(view)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  );
}
