import { getAccount } from '../accounts/accounts.js';
import { type Bot, findBotOrAlias, getBot, listAliases, listBots } from '../accounts/bots.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/http-error.js';

/** What a completion needs to know about the bot answering it. */
export interface ResolvedBot {
  /** null for the built-in assistant of an account that has configured no bot. */
  id: string | null;
  slug: string;
  namespaces: string[] | null;
  citations: boolean;
  toolAllowlist: string[] | null;
  maxCompletionTokens: number;
  created: number;
}

/** The model id answering for an account with no bot at all ("the default assistant" of the contract). */
export const BUILTIN_SLUG = 'default';
const BUILTIN_MAX_TOKENS = 1024;

function fromBot(bot: Bot): ResolvedBot {
  return {
    id: bot.id,
    slug: bot.slug,
    namespaces: bot.namespaces,
    citations: bot.citations,
    toolAllowlist: bot.toolAllowlist,
    maxCompletionTokens: bot.maxCompletionTokens,
    created: Math.floor(Date.parse(bot.createdAt) / 1000),
  };
}

function builtin(createdAt: string): ResolvedBot {
  return {
    id: null,
    slug: BUILTIN_SLUG,
    namespaces: null,
    citations: true,
    toolAllowlist: null,
    maxCompletionTokens: BUILTIN_MAX_TOKENS,
    created: Math.floor(Date.parse(createdAt) / 1000),
  };
}

type DefaultOutcome = { kind: 'bot'; bot: ResolvedBot } | { kind: 'ambiguous' } | { kind: 'none' };

function accountDefault(db: Db, accountId: string): DefaultOutcome {
  const account = getAccount(db, accountId);
  if (!account) return { kind: 'none' };
  const all = listBots(db, accountId);
  if (all.length === 0) return { kind: 'bot', bot: builtin(account.createdAt) };
  const chosen = account.defaultBotId ? getBot(db, account.defaultBotId) : null;
  if (chosen?.enabled) return { kind: 'bot', bot: fromBot(chosen) };
  const enabled = all.filter((b) => b.enabled);
  if (enabled.length === 1) return { kind: 'bot', bot: fromBot(enabled[0]!) };
  return enabled.length > 1 ? { kind: 'ambiguous' } : { kind: 'none' };
}

/** Enabled model ids of the account (slugs, then aliases), as listed in `model_not_found` messages. */
export function availableModelIds(db: Db, accountId: string): string[] {
  const bots = listBots(db, accountId).filter((b) => b.enabled);
  const enabledIds = new Set(bots.map((b) => b.id));
  const aliases = listAliases(db, accountId).filter((a) => enabledIds.has(a.botId));
  return [...bots.map((b) => b.slug), ...aliases.map((a) => a.alias)];
}

function modelNotFound(db: Db, accountId: string, requested: string): HttpError {
  const ids = availableModelIds(db, accountId);
  const fallback = accountDefault(db, accountId);
  const hint =
    fallback.kind === 'bot' && fallback.bot.id === null
      ? 'No bot is configured: omit the model field to use the default assistant.'
      : fallback.kind === 'bot'
        ? `Omit the model field to use the account default (${fallback.bot.slug}).`
        : 'No default model is set: pass one of the listed ids as model.';
  const list = ids.length > 0 ? ` Available models: ${ids.join(', ')}.` : ' No models are available.';
  return new HttpError(404, `The model '${requested}' does not exist or is not available.${list} ${hint}`, {
    param: 'model',
    code: 'model_not_found',
  });
}

function isDefaultRequest(model: string | null | undefined): boolean {
  return model === undefined || model === null || model === '' || model === 'default';
}

/**
 * Resolves the `model` field: omitted, null, "" and "default" select the account default; anything
 * else is an enabled bot's slug or alias, matched case-sensitively. Disabled, foreign and misspelled
 * ids all give the same 404.
 */
export function resolveModel(db: Db, accountId: string, model: string | null | undefined): ResolvedBot {
  if (isDefaultRequest(model)) {
    const outcome = accountDefault(db, accountId);
    if (outcome.kind === 'bot') return outcome.bot;
    if (outcome.kind === 'ambiguous') {
      const ids = availableModelIds(db, accountId);
      throw new HttpError(
        400,
        `This account has several models and no default: pass one of ${ids.join(', ')} as model.`,
        { param: 'model' },
      );
    }
    throw modelNotFound(db, accountId, model ?? 'default');
  }
  const bot = findBotOrAlias(db, accountId, model!);
  if (!bot?.enabled) throw modelNotFound(db, accountId, model!);
  return fromBot(bot);
}

/** A conversation's stored bot (null = follows the default), re-checked on every message. */
export function resolveStoredBot(db: Db, accountId: string, botId: string | null): ResolvedBot {
  if (botId === null) return resolveModel(db, accountId, undefined);
  const bot = getBot(db, botId);
  if (!bot?.enabled || bot.accountId !== accountId)
    throw modelNotFound(db, accountId, bot?.slug ?? 'unknown');
  return fromBot(bot);
}
