import { parseArgs } from 'node:util';
import { requireAccount, updateAccount } from '../accounts/accounts.js';
import {
  addAlias,
  type Bot,
  type BotChanges,
  createBot,
  listAliases,
  listBots,
  removeAlias,
  requireBot,
  updateBot,
} from '../accounts/bots.js';
import {
  accountOrOnly,
  type CliContext,
  CliError,
  parseList,
  parsePositiveInt,
  required,
} from './context.js';

function botView(ctx: CliContext, b: Bot) {
  const account = requireAccount(ctx.db, b.accountId);
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    enabled: b.enabled,
    default: account.defaultBotId === b.id,
    citations: b.citations,
    namespaces: b.namespaces,
    tool_allowlist: b.toolAllowlist,
    max_completion_tokens: b.maxCompletionTokens,
    aliases: listAliases(ctx.db, b.accountId)
      .filter((a) => a.botId === b.id)
      .map((a) => a.alias),
  };
}

/**
 * With no default, a request that omits `model` is answered by the only enabled bot, or rejected
 * (400, param model) when the account has several: the state the contract describes.
 */
function clearDefault(ctx: CliContext, accountId: string): void {
  updateAccount(ctx.db, accountId, { defaultBotId: null });
  const enabled = listBots(ctx.db, accountId).filter((b) => b.enabled).length;
  ctx.print(
    { account: accountId, default_bot: null },
    enabled === 1
      ? 'No default bot: requests that omit model go to the only enabled bot.'
      : 'No default bot: requests that omit model are rejected.',
  );
}

const USAGE = `Usage: bots <action> [--account ID] --bot SLUG ...
  list
  create --bot SLUG [--name NAME] [--namespaces a,b] [--no-citations] [--default]
  alias --bot SLUG --alias NAME [--remove]
  namespaces --bot SLUG (--set a,b | --all)
  tools --bot SLUG (--allow f1,f2 | --any)
  citations --bot SLUG (--on | --off)
  enable | disable --bot SLUG
  default (--bot SLUG | --none)
  max-tokens --bot SLUG --value N`;

function changesFor(action: string, v: Record<string, string | boolean | undefined>): BotChanges {
  const str = (k: string) => v[k] as string | undefined;
  switch (action) {
    case 'namespaces':
      if (v.all) return { namespaces: null };
      return { namespaces: parseList(required(str('set'), 'set (or --all)')) };
    case 'tools':
      if (v.any) return { toolAllowlist: null };
      return { toolAllowlist: parseList(str('allow') ?? '') };
    case 'citations':
      if (v.on === v.off) throw new CliError('Pass exactly one of --on or --off.');
      return { citations: v.on === true };
    case 'enable':
    case 'disable':
      return { enabled: action === 'enable' };
    case 'max-tokens':
      return {
        maxCompletionTokens: Math.min(parsePositiveInt(required(str('value'), 'value'), 'value'), 8192),
      };
    default:
      throw new CliError(USAGE);
  }
}

export async function bots(ctx: CliContext, args: string[]): Promise<void> {
  const [action = '', ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      account: { type: 'string' },
      bot: { type: 'string' },
      name: { type: 'string' },
      namespaces: { type: 'string' },
      'no-citations': { type: 'boolean' },
      default: { type: 'boolean' },
      alias: { type: 'string' },
      remove: { type: 'boolean' },
      set: { type: 'string' },
      all: { type: 'boolean' },
      allow: { type: 'string' },
      any: { type: 'boolean' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      value: { type: 'string' },
      none: { type: 'boolean' },
    },
    strict: true,
  });
  const accountId = accountOrOnly(ctx, values.account);
  const wrap = (fn: () => Bot): Bot => {
    try {
      return fn();
    } catch (err) {
      throw err instanceof CliError ? err : new CliError((err as Error).message);
    }
  };
  let bot: Bot;
  switch (action) {
    case 'list': {
      const all = listBots(ctx.db, accountId).map((b) => botView(ctx, b));
      ctx.print(
        all,
        all
          .map((b) => `${b.slug}${b.default ? ' (default)' : ''}  ${b.enabled ? 'enabled' : 'disabled'}`)
          .join('\n'),
      );
      return;
    }
    case 'create':
      bot = wrap(() =>
        createBot(ctx.db, {
          accountId,
          slug: required(values.bot, 'bot'),
          now: ctx.now,
          citations: !values['no-citations'],
          ...(values.name ? { name: values.name } : {}),
          ...(values.namespaces ? { namespaces: parseList(values.namespaces) } : {}),
        }),
      );
      if (values.default) updateAccount(ctx.db, accountId, { defaultBotId: bot.id });
      break;
    case 'alias':
      bot = wrap(() => {
        const target = requireBot(ctx.db, accountId, required(values.bot, 'bot'));
        if (values.remove) removeAlias(ctx.db, accountId, required(values.alias, 'alias'));
        else addAlias(ctx.db, accountId, required(values.alias, 'alias'), target.slug);
        return target;
      });
      break;
    case 'default':
      if (values.none === (values.bot !== undefined))
        throw new CliError('Pass exactly one of --bot SLUG or --none.');
      if (values.none) {
        clearDefault(ctx, accountId);
        return;
      }
      bot = wrap(() => requireBot(ctx.db, accountId, values.bot!));
      updateAccount(ctx.db, accountId, { defaultBotId: bot.id });
      break;
    default: {
      const changes = changesFor(action, values);
      bot = wrap(() =>
        updateBot(ctx.db, requireBot(ctx.db, accountId, required(values.bot, 'bot')).id, changes),
      );
    }
  }
  const view = botView(ctx, bot);
  ctx.print(
    view,
    Object.entries(view)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join('\n'),
  );
}
