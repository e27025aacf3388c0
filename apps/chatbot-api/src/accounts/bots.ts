import { randomUUID } from 'node:crypto';
import { isNamespace, NAMESPACE_PATTERN } from '@amicus/contract';
import type { Db } from '../db/database.js';

export interface Bot {
  id: string;
  accountId: string;
  slug: string;
  name: string;
  /** null = every namespace of the account. */
  namespaces: string[] | null;
  citations: boolean;
  enabled: boolean;
  /** null = any tool is allowed. */
  toolAllowlist: string[] | null;
  maxCompletionTokens: number;
  createdAt: string;
}

interface BotRow {
  id: string;
  account_id: string;
  slug: string;
  name: string;
  namespaces: string | null;
  citations: number;
  enabled: number;
  tool_allowlist: string | null;
  max_completion_tokens: number;
  created_at: string;
}

function fromRow(r: BotRow): Bot {
  return {
    id: r.id,
    accountId: r.account_id,
    slug: r.slug,
    name: r.name,
    namespaces: r.namespaces === null ? null : (JSON.parse(r.namespaces) as string[]),
    citations: r.citations === 1,
    enabled: r.enabled === 1,
    toolAllowlist: r.tool_allowlist === null ? null : (JSON.parse(r.tool_allowlist) as string[]),
    maxCompletionTokens: r.max_completion_tokens,
    createdAt: r.created_at,
  };
}

// Slugs become model ids on the wire; keep them URL-safe and distinct from the reserved word.
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function assertSlug(slug: string): void {
  if (!SLUG.test(slug) || slug === 'default') {
    throw new Error(`"${slug}" is not a usable model id: 1-64 of A-Z a-z 0-9 . _ -, and not "default".`);
  }
}

export interface CreateBotOptions {
  accountId: string;
  slug: string;
  name?: string;
  namespaces?: string[] | null;
  citations?: boolean;
  now: Date;
}

export function createBot(db: Db, opts: CreateBotOptions): Bot {
  assertSlug(opts.slug);
  if (findBotOrAlias(db, opts.accountId, opts.slug))
    throw new Error(`Model id "${opts.slug}" is already used.`);
  const id = randomUUID();
  db.prepare(
    'INSERT INTO bots (id, account_id, slug, name, namespaces, citations, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    id,
    opts.accountId,
    opts.slug,
    opts.name ?? opts.slug,
    opts.namespaces ? JSON.stringify(opts.namespaces) : null,
    opts.citations === false ? 0 : 1,
    opts.now.toISOString(),
  );
  return getBot(db, id)!;
}

export function getBot(db: Db, id: string): Bot | null {
  const row = db.prepare('SELECT * FROM bots WHERE id = ?').get(id) as BotRow | undefined;
  return row ? fromRow(row) : null;
}

export function listBots(db: Db, accountId: string): Bot[] {
  return (db.prepare('SELECT * FROM bots WHERE account_id = ? ORDER BY slug').all(accountId) as BotRow[]).map(
    fromRow,
  );
}

export function listAliases(db: Db, accountId: string): { alias: string; botId: string }[] {
  return (
    db
      .prepare('SELECT alias, bot_id FROM bot_aliases WHERE account_id = ? ORDER BY alias')
      .all(accountId) as {
      alias: string;
      bot_id: string;
    }[]
  ).map((r) => ({ alias: r.alias, botId: r.bot_id }));
}

/** Exact, case-sensitive lookup of a slug or alias, enabled or not. */
export function findBotOrAlias(db: Db, accountId: string, id: string): Bot | null {
  const row = db.prepare('SELECT * FROM bots WHERE account_id = ? AND slug = ?').get(accountId, id) as
    | BotRow
    | undefined;
  if (row) return fromRow(row);
  const alias = db
    .prepare('SELECT bot_id FROM bot_aliases WHERE account_id = ? AND alias = ?')
    .get(accountId, id) as { bot_id: string } | undefined;
  return alias ? getBot(db, alias.bot_id) : null;
}

/** Throws a clear message for the CLI when the slug (or alias) is unknown on the account. */
export function requireBot(db: Db, accountId: string, slug: string): Bot {
  const bot = findBotOrAlias(db, accountId, slug);
  if (!bot) throw new Error(`No bot "${slug}" on account ${accountId}.`);
  return bot;
}

export function addAlias(db: Db, accountId: string, alias: string, botSlug: string): void {
  assertSlug(alias);
  const bot = requireBot(db, accountId, botSlug);
  if (findBotOrAlias(db, accountId, alias)) throw new Error(`Model id "${alias}" is already used.`);
  db.prepare('INSERT INTO bot_aliases (account_id, alias, bot_id) VALUES (?, ?, ?)').run(
    accountId,
    alias,
    bot.id,
  );
}

export function removeAlias(db: Db, accountId: string, alias: string): void {
  const res = db.prepare('DELETE FROM bot_aliases WHERE account_id = ? AND alias = ?').run(accountId, alias);
  if (res.changes === 0) throw new Error(`No alias "${alias}" on account ${accountId}.`);
}

export interface BotChanges {
  namespaces?: string[] | null;
  citations?: boolean;
  enabled?: boolean;
  toolAllowlist?: string[] | null;
  maxCompletionTokens?: number;
  name?: string;
}

export function updateBot(db: Db, botId: string, changes: BotChanges): Bot {
  const set = (column: string, value: unknown) =>
    db.prepare(`UPDATE bots SET ${column} = ? WHERE id = ?`).run(value, botId);
  if (changes.namespaces !== undefined) {
    for (const ns of changes.namespaces ?? []) {
      if (!isNamespace(ns)) throw new Error(`Namespace "${ns}" must match ${NAMESPACE_PATTERN.source}.`);
    }
    set('namespaces', changes.namespaces === null ? null : JSON.stringify(changes.namespaces));
  }
  if (changes.toolAllowlist !== undefined) {
    set('tool_allowlist', changes.toolAllowlist === null ? null : JSON.stringify(changes.toolAllowlist));
  }
  if (changes.citations !== undefined) set('citations', changes.citations ? 1 : 0);
  if (changes.enabled !== undefined) set('enabled', changes.enabled ? 1 : 0);
  if (changes.maxCompletionTokens !== undefined) set('max_completion_tokens', changes.maxCompletionTokens);
  if (changes.name !== undefined) set('name', changes.name);
  return getBot(db, botId)!;
}
