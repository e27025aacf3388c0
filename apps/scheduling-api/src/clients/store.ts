import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { formatUtc } from '../time/zoned-time.js';

export interface ClientRow {
  seq: number;
  uuid: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  client_reference: string | null;
  language: string | null;
  status: string | null;
  created_at: string;
  updated_at: string;
}

export type ClientFields = Partial<
  Pick<ClientRow, 'first_name' | 'last_name' | 'phone' | 'email' | 'client_reference' | 'language' | 'status'>
>;

export const CLIENT_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'client_reference',
  'language',
  'status',
] as const;

/** A client by UUID or by client_reference (the contract lets either stand in requests). */
export function findClient(db: Db, ref: string): ClientRow | null {
  const byUuid = db.prepare('SELECT * FROM clients WHERE uuid = ?').get(ref) as ClientRow | undefined;
  if (byUuid) return byUuid;
  return (
    (db.prepare('SELECT * FROM clients WHERE client_reference = ?').get(ref) as ClientRow | undefined) ?? null
  );
}

export function referenceTaken(db: Db, reference: string, exceptUuid: string | null): boolean {
  return (
    db
      .prepare('SELECT 1 FROM clients WHERE client_reference = ? AND uuid IS NOT ?')
      .get(reference, exceptUuid) !== undefined
  );
}

/** Phone and e-mail each make one contact record; replaced whenever the client's value changes. */
function syncContacts(db: Db, client: ClientRow, nowMs: number): void {
  for (const type of ['phone', 'email'] as const) {
    const value = client[type];
    const current = db
      .prepare('SELECT value FROM contacts WHERE client = ? AND type = ?')
      .get(client.uuid, type) as { value: string } | undefined;
    if (current?.value === value) continue;
    db.prepare('DELETE FROM contacts WHERE client = ? AND type = ?').run(client.uuid, type);
    if (value !== null && value !== '') {
      db.prepare('INSERT INTO contacts (uuid, client, type, value, created_at) VALUES (?, ?, ?, ?, ?)').run(
        randomUUID(),
        client.uuid,
        type,
        value,
        formatUtc(nowMs),
      );
    }
  }
}

export function insertClient(db: Db, fields: ClientFields, nowMs: number): ClientRow {
  const uuid = randomUUID();
  const at = formatUtc(nowMs);
  db.prepare(
    `INSERT INTO clients (uuid, first_name, last_name, phone, email, client_reference, language, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    uuid,
    fields.first_name ?? null,
    fields.last_name ?? null,
    fields.phone ?? null,
    fields.email ?? null,
    fields.client_reference ?? null,
    fields.language ?? null,
    fields.status ?? null,
    at,
    at,
  );
  const row = findClient(db, uuid)!;
  syncContacts(db, row, nowMs);
  return row;
}

export function updateClient(db: Db, uuid: string, fields: ClientFields, nowMs: number): ClientRow {
  const entries = Object.entries(fields).filter(([k]) => (CLIENT_FIELDS as readonly string[]).includes(k));
  if (entries.length > 0) {
    const set = entries.map(([k]) => `${k} = ?`).join(', ');
    db.prepare(`UPDATE clients SET ${set}, updated_at = ? WHERE uuid = ?`).run(
      ...entries.map(([, v]) => v ?? null),
      formatUtc(nowMs),
      uuid,
    );
  }
  const row = findClient(db, uuid)!;
  syncContacts(db, row, nowMs);
  return row;
}

/** The client record as the contract lists its fields. */
export function clientWire(c: ClientRow) {
  return {
    uuid: c.uuid,
    first_name: c.first_name,
    last_name: c.last_name,
    phone: c.phone,
    email: c.email,
    client_reference: c.client_reference,
    language: c.language,
    status: c.status,
  };
}
