import type { Migration } from './database.js';

// Accounts, keys, bots, conversations and metering. Owned by the API core; the knowledge base
// (documents, chunks, jobs, webhooks) has its own migrations in ../knowledge/schema.ts.
export const coreMigrations: Migration[] = [
  {
    name: '001_core',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        suspended INTEGER NOT NULL DEFAULT 0,
        rpm_limit INTEGER NOT NULL DEFAULT 600,
        daily_token_quota INTEGER NOT NULL DEFAULT 2000000,
        default_bot_id TEXT,
        webhook_url TEXT,
        webhook_secret TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        key_id TEXT PRIMARY KEY,            -- the 16 characters after svc_sk_
        account_id TEXT NOT NULL REFERENCES accounts(id),
        secret_hash TEXT NOT NULL,          -- scrypt hash of the 43-character secret
        scopes TEXT NOT NULL,               -- comma-separated: chat, ingest
        name TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        expires_at TEXT,
        revoked_at TEXT
      );
      CREATE TABLE bots (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        slug TEXT NOT NULL,
        name TEXT NOT NULL,
        namespaces TEXT,                    -- JSON array; NULL = every namespace of the account
        citations INTEGER NOT NULL DEFAULT 1,
        enabled INTEGER NOT NULL DEFAULT 1,
        tool_allowlist TEXT,                -- JSON array of function names; NULL = any tool
        max_completion_tokens INTEGER NOT NULL DEFAULT 1024,
        created_at TEXT NOT NULL,
        UNIQUE (account_id, slug)
      );
      CREATE TABLE bot_aliases (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        alias TEXT NOT NULL,
        bot_id TEXT NOT NULL REFERENCES bots(id),
        PRIMARY KEY (account_id, alias)
      );
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        bot_id TEXT REFERENCES bots(id),    -- NULL = follows the account default
        metadata TEXT NOT NULL DEFAULT '{}',
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL
      );
      CREATE TABLE conversation_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        citations TEXT,                     -- JSON array or NULL
        created INTEGER NOT NULL
      );
      CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, seq);
      CREATE TABLE usage_daily (
        account_id TEXT NOT NULL,
        day TEXT NOT NULL,                  -- YYYY-MM-DD (UTC)
        tokens INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day)
      );
      CREATE TABLE rate_windows (
        account_id TEXT NOT NULL,
        window_start INTEGER NOT NULL,      -- epoch seconds, multiple of 60
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, window_start)
      );
    `,
  },
];
