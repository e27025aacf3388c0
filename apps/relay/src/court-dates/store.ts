import type { CourtLanguage, ReminderChannel } from '@amicus/protocol';
import type { SqlClient } from '../storage/sql.js';
import { MESSAGES } from './messages.js';

export type CounterName = 'lookups' | 'codes_sent' | 'opt_ins' | 'opt_outs';
export const COUNTER_NAMES: readonly CounterName[] = ['lookups', 'codes_sent', 'opt_ins', 'opt_outs'];

export interface ConsentText {
  language: CourtLanguage;
  version: number;
  text: string;
  created_at: string | null;
  created_by: string | null;
}

export interface PendingCode {
  visitor_id: string;
  action: 'subscribe' | 'stop';
  code_hash: string;
  sealed: string;
  channel: ReminderChannel;
  language: CourtLanguage;
  consent_version: number | null;
  ip_hash: string;
  tries: number;
  expires_at: Date;
}

export interface ConsentLogRow {
  at: string;
  action: string;
  consent_version: number | null;
  language: string;
  channel: string;
  destination_hash: string;
  ip_hash: string;
  case_hash: string;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** The relay's court-date tables: consent texts and log, sealed destinations, pending codes, counters. */
export class CourtDatesStore {
  constructor(private readonly sql: SqlClient) {}

  /** The newest consent text of a language; version 1 is the built-in text until staff change it. */
  async consentText(language: CourtLanguage): Promise<ConsentText> {
    const [row] = await this.sql.query<{
      version: number;
      text: string;
      created_at: Date | string;
      created_by: string | null;
    }>(
      'SELECT version, text, created_at, created_by FROM court_consent_texts WHERE language = $1 ORDER BY version DESC LIMIT 1',
      [language],
    );
    if (!row)
      return { language, version: 1, text: MESSAGES[language].consent, created_at: null, created_by: null };
    return {
      language,
      version: row.version,
      text: row.text,
      created_at: iso(row.created_at),
      created_by: row.created_by,
    };
  }

  /** Every change is a new version; earlier versions stay, as the consent log refers to them. */
  async saveConsentText(language: CourtLanguage, text: string, by: string, at: Date): Promise<ConsentText> {
    const current = await this.consentText(language);
    const version = current.version + 1;
    await this.sql.query(
      'INSERT INTO court_consent_texts (language, version, text, created_at, created_by) VALUES ($1, $2, $3, $4, $5)',
      [language, version, text, at.toISOString(), by],
    );
    return { language, version, text, created_at: at.toISOString(), created_by: by };
  }

  async count(name: CounterName, at: Date): Promise<void> {
    await this.sql.query(
      `INSERT INTO court_counters (day, name, count) VALUES ($1, $2, 1)
       ON CONFLICT (day, name) DO UPDATE SET count = court_counters.count + 1`,
      [at.toISOString().slice(0, 10), name],
    );
  }

  /** Totals of each counter today and over the last `days` days. */
  async counters(at: Date, days = 30): Promise<Record<CounterName, { today: number; last_30_days: number }>> {
    const today = at.toISOString().slice(0, 10);
    const since = new Date(at.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const rows = await this.sql.query<{ name: CounterName; today: number | string; total: number | string }>(
      `SELECT name, SUM(CASE WHEN day = $1 THEN count ELSE 0 END) AS today, SUM(count) AS total
       FROM court_counters WHERE day >= $2 GROUP BY name`,
      [today, since],
    );
    const result = Object.fromEntries(COUNTER_NAMES.map((n) => [n, { today: 0, last_30_days: 0 }])) as Record<
      CounterName,
      { today: number; last_30_days: number }
    >;
    for (const row of rows) result[row.name] = { today: Number(row.today), last_30_days: Number(row.total) };
    return result;
  }

  async putPending(p: Omit<PendingCode, 'tries'>): Promise<void> {
    await this.sql.query(
      `INSERT INTO court_pending_codes (visitor_id, action, code_hash, sealed, channel, language, consent_version, ip_hash, tries, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9)
       ON CONFLICT (visitor_id) DO UPDATE SET action = $2, code_hash = $3, sealed = $4, channel = $5, language = $6,
         consent_version = $7, ip_hash = $8, tries = 0, expires_at = $9`,
      [
        p.visitor_id,
        p.action,
        p.code_hash,
        p.sealed,
        p.channel,
        p.language,
        p.consent_version,
        p.ip_hash,
        p.expires_at.toISOString(),
      ],
    );
  }

  async pending(visitorId: string): Promise<PendingCode | undefined> {
    const [row] = await this.sql.query<PendingCode & { expires_at: Date | string }>(
      'SELECT * FROM court_pending_codes WHERE visitor_id = $1',
      [visitorId],
    );
    return row ? { ...row, expires_at: new Date(row.expires_at) } : undefined;
  }

  /** Counts one try and returns the count after it. */
  async addTry(visitorId: string): Promise<number> {
    const [row] = await this.sql.query<{ tries: number }>(
      'UPDATE court_pending_codes SET tries = tries + 1 WHERE visitor_id = $1 RETURNING tries',
      [visitorId],
    );
    return row?.tries ?? Number.MAX_SAFE_INTEGER;
  }

  async dropPending(visitorId: string): Promise<void> {
    await this.sql.query('DELETE FROM court_pending_codes WHERE visitor_id = $1', [visitorId]);
  }

  async logConsent(row: Omit<ConsentLogRow, 'at'>, at: Date): Promise<void> {
    await this.sql.query(
      `INSERT INTO court_consent_log (at, action, consent_version, language, channel, destination_hash, ip_hash, case_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        at.toISOString(),
        row.action,
        row.consent_version,
        row.language,
        row.channel,
        row.destination_hash,
        row.ip_hash,
        row.case_hash,
      ],
    );
  }

  async consentLog(limit = 100_000): Promise<ConsentLogRow[]> {
    const rows = await this.sql.query<ConsentLogRow & { at: Date | string }>(
      `SELECT at, action, consent_version, language, channel, destination_hash, ip_hash, case_hash
       FROM court_consent_log ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  }

  async putDestination(d: {
    lookup_hash: string;
    case_hash: string;
    channel: ReminderChannel;
    sealed: string;
    client_uuid: string;
    delete_after: Date;
    at: Date;
  }): Promise<void> {
    await this.sql.query(
      `INSERT INTO court_destinations (lookup_hash, case_hash, channel, sealed, client_uuid, delete_after, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (lookup_hash, case_hash) DO UPDATE SET sealed = $4, client_uuid = $5, delete_after = $6`,
      [
        d.lookup_hash,
        d.case_hash,
        d.channel,
        d.sealed,
        d.client_uuid,
        d.delete_after.toISOString(),
        d.at.toISOString(),
      ],
    );
  }

  async dropDestination(lookupHash: string, caseHash: string): Promise<void> {
    await this.sql.query('DELETE FROM court_destinations WHERE lookup_hash = $1 AND case_hash = $2', [
      lookupHash,
      caseHash,
    ]);
  }

  /** Staff deletion by destination: its sealed copies and its consent-log rows. */
  async forgetDestination(lookupHash: string): Promise<{ destinations: number; consent_log: number }> {
    return this.sql.transaction(async (tx) => {
      const a = await tx.query('DELETE FROM court_destinations WHERE lookup_hash = $1 RETURNING 1', [
        lookupHash,
      ]);
      const b = await tx.query('DELETE FROM court_consent_log WHERE destination_hash = $1 RETURNING 1', [
        lookupHash,
      ]);
      return { destinations: a.length, consent_log: b.length };
    });
  }

  /** The periodic sweep: destinations whose hearing has passed, and expired codes. */
  async sweep(at: Date): Promise<{ destinations: number; codes: number }> {
    const a = await this.sql.query('DELETE FROM court_destinations WHERE delete_after < $1 RETURNING 1', [
      at.toISOString(),
    ]);
    const b = await this.sql.query('DELETE FROM court_pending_codes WHERE expires_at < $1 RETURNING 1', [
      at.toISOString(),
    ]);
    return { destinations: a.length, codes: b.length };
  }

  async destinationCount(): Promise<number> {
    const [row] = await this.sql.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM court_destinations',
    );
    return Number(row?.n ?? 0);
  }
}
