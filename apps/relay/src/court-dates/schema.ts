import type { SqlMigration } from '../storage/sql.js';

/**
 * Court dates and reminders. No table holds a destination or a case number in clear: destinations are
 * AES-GCM sealed with a separate keyed lookup hash, case numbers appear only as keyed hashes (the pending
 * code's sealed payload holds both for its 15 minutes).
 */
export const courtDatesMigrations: SqlMigration[] = [
  {
    name: 'court_dates_001_reminders',
    sql: `
      CREATE TABLE court_consent_texts (
        language TEXT NOT NULL,
        version INTEGER NOT NULL,
        text TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        created_by TEXT,
        PRIMARY KEY (language, version)
      );
      CREATE TABLE court_consent_log (
        id BIGSERIAL PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL,
        action TEXT NOT NULL,
        consent_version INTEGER,
        language TEXT NOT NULL,
        channel TEXT NOT NULL,
        destination_hash TEXT NOT NULL,
        ip_hash TEXT NOT NULL,
        case_hash TEXT NOT NULL
      );
      CREATE INDEX court_consent_log_destination ON court_consent_log (destination_hash);
      CREATE TABLE court_destinations (
        lookup_hash TEXT NOT NULL,
        case_hash TEXT NOT NULL,
        channel TEXT NOT NULL,
        sealed TEXT NOT NULL,
        client_uuid TEXT NOT NULL,
        delete_after TIMESTAMPTZ NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (lookup_hash, case_hash)
      );
      CREATE INDEX court_destinations_delete_after ON court_destinations (delete_after);
      CREATE TABLE court_pending_codes (
        visitor_id TEXT PRIMARY KEY,
        action TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        sealed TEXT NOT NULL,
        channel TEXT NOT NULL,
        language TEXT NOT NULL,
        consent_version INTEGER,
        ip_hash TEXT NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE court_counters (
        day DATE NOT NULL,
        name TEXT NOT NULL,
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, name)
      );
    `,
  },
];
