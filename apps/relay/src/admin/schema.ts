import type { SqlMigration } from '../storage/sql.js';

/**
 * Tables of the admin API: staff users, admin sessions, failed logins, audit log, jobs started,
 * namespaces seen and the stored part of the widget origin allowlist.
 * Times are written from `deps.now()` (not `now()` in SQL) so tests can drive the clock.
 */
export const adminMigrations: SqlMigration[] = [
  {
    name: 'admin_001_core',
    sql: `
      CREATE TABLE admin_users (
        username TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE admin_sessions (
        token_hash TEXT PRIMARY KEY,
        username TEXT NOT NULL REFERENCES admin_users(username) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX admin_sessions_expiry ON admin_sessions (expires_at);
      CREATE TABLE admin_login_failures (
        id BIGSERIAL PRIMARY KEY,
        username TEXT NOT NULL,
        ip TEXT NOT NULL,
        at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX admin_login_failures_user ON admin_login_failures (username, at);
      CREATE INDEX admin_login_failures_ip ON admin_login_failures (ip, at);
      CREATE TABLE admin_audit_log (
        id BIGSERIAL PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL,
        actor TEXT,
        action TEXT NOT NULL,
        target TEXT,
        ip TEXT,
        result TEXT NOT NULL CHECK (result IN ('success', 'failure')),
        detail JSONB NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE INDEX admin_audit_log_at ON admin_audit_log (at);
      -- Append-only is enforced by the database too, so not even a future code path or a console
      -- session with the app's role can rewrite history.
      CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        RAISE EXCEPTION 'admin_audit_log is append-only';
      END
      $fn$;
      CREATE TRIGGER admin_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
      CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
      CREATE TABLE admin_jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('ingest', 'crawl')),
        namespace TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        created_by TEXT,
        files JSONB,
        document_ids JSONB,
        seed_urls JSONB,
        upstream JSONB
      );
      CREATE INDEX admin_jobs_created ON admin_jobs (created_at);
      CREATE TABLE admin_namespaces (
        name TEXT PRIMARY KEY,
        last_used_at TIMESTAMPTZ
      );
      CREATE TABLE admin_allowed_origins (
        origin TEXT PRIMARY KEY,
        added_at TIMESTAMPTZ NOT NULL,
        added_by TEXT
      );
    `,
  },
  {
    // A successful sign-in forgave the user's earlier failures but not the IP's (superseded by 003).
    name: 'admin_002_login_failures_cleared',
    sql: 'ALTER TABLE admin_login_failures ADD COLUMN user_cleared BOOLEAN NOT NULL DEFAULT false;',
  },
  {
    // One row per counter (see lockout.ts) replaces the failure log: a try is counted before its
    // password is checked, under the row's lock, which a log of past failures could not do.
    // `failures` is a count for a username from one network and a bucket level for the ceilings.
    name: 'admin_003_login_throttle',
    sql: `
      CREATE TABLE admin_login_throttle (
        key TEXT PRIMARY KEY,
        failures DOUBLE PRECISION NOT NULL DEFAULT 0,
        counted_at TIMESTAMPTZ,
        succeeded_at TIMESTAMPTZ,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX admin_login_throttle_updated ON admin_login_throttle (updated_at);
      DROP TABLE admin_login_failures;
    `,
  },
  {
    // "Who can help" (admin Answers page): one row, the fields as staff entered them (help-contacts.ts).
    name: 'admin_answers_001_help_contacts',
    sql: `
      CREATE TABLE admin_help_contacts (
        id SMALLINT PRIMARY KEY CHECK (id = 1),
        contacts JSONB NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        updated_by TEXT
      );
    `,
  },
];
