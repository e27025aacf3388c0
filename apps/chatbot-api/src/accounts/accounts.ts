import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

export interface Account {
  id: string;
  name: string;
  suspended: boolean;
  rpmLimit: number;
  dailyTokenQuota: number;
  defaultBotId: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  createdAt: string;
}

interface AccountRow {
  id: string;
  name: string;
  suspended: number;
  rpm_limit: number;
  daily_token_quota: number;
  default_bot_id: string | null;
  webhook_url: string | null;
  webhook_secret: string | null;
  created_at: string;
}

function fromRow(r: AccountRow): Account {
  return {
    id: r.id,
    name: r.name,
    suspended: r.suspended === 1,
    rpmLimit: r.rpm_limit,
    dailyTokenQuota: r.daily_token_quota,
    defaultBotId: r.default_bot_id,
    webhookUrl: r.webhook_url,
    webhookSecret: r.webhook_secret,
    createdAt: r.created_at,
  };
}

export function createAccount(db: Db, name: string, now: Date): Account {
  const id = randomUUID();
  db.prepare('INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)').run(id, name, now.toISOString());
  return getAccount(db, id)!;
}

export function getAccount(db: Db, id: string): Account | null {
  const row = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  return row ? fromRow(row) : null;
}

export function listAccounts(db: Db): Account[] {
  return (db.prepare('SELECT * FROM accounts ORDER BY created_at, id').all() as AccountRow[]).map(fromRow);
}

/** Throws when the account does not exist so CLI commands report a clear message. */
export function requireAccount(db: Db, id: string): Account {
  const account = getAccount(db, id);
  if (!account) throw new Error(`No account with id ${id}.`);
  return account;
}

export interface AccountChanges {
  suspended?: boolean;
  rpmLimit?: number;
  dailyTokenQuota?: number;
  defaultBotId?: string | null;
  webhookUrl?: string | null;
  webhookSecret?: string | null;
}

const COLUMNS: Record<keyof AccountChanges, string> = {
  suspended: 'suspended',
  rpmLimit: 'rpm_limit',
  dailyTokenQuota: 'daily_token_quota',
  defaultBotId: 'default_bot_id',
  webhookUrl: 'webhook_url',
  webhookSecret: 'webhook_secret',
};

export function updateAccount(db: Db, id: string, changes: AccountChanges): Account {
  requireAccount(db, id);
  for (const [field, value] of Object.entries(changes)) {
    const column = COLUMNS[field as keyof AccountChanges];
    const stored = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    db.prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?`).run(stored, id);
  }
  return requireAccount(db, id);
}
