import type { Db } from '../db/database.js';

export interface Agency {
  uuid: string;
  name: string;
  agency_reference: string;
  timezone: string;
  phone: string;
  email: string;
  active: number;
  default_flow: string | null;
  default_location: string | null;
  default_portal: string | null;
  default_judge: string | null;
  default_message_delay: number;
  send_immediately: number;
}

/** The one agency of this service (single-agency API client); null before the first start's setup. */
export function findAgency(db: Db): Agency | null {
  return (db.prepare('SELECT * FROM agency LIMIT 1').get() as Agency | undefined) ?? null;
}

/** The agency, which every authenticated route can rely on (the authenticator answers 404 without one). */
export function agencyOf(db: Db): Agency {
  const a = findAgency(db);
  if (!a) throw new Error('no agency configured');
  return a;
}

export function setAgencyActive(db: Db, active: boolean): void {
  db.prepare('UPDATE agency SET active = ?').run(active ? 1 : 0);
}

export type NamedKind = 'flows' | 'locations' | 'portals';

const REFERENCE_COLUMN: Record<NamedKind, string> = {
  flows: 'flow_reference',
  locations: 'location_reference',
  portals: 'portal_reference',
};

/** Flows, locations and portals are referenced by UUID, reference or name, in that order of precedence. */
export function resolveNamed(db: Db, kind: NamedKind, ref: string): { uuid: string; name: string } | null {
  const col = REFERENCE_COLUMN[kind];
  for (const where of ['uuid = ?', `${col} = ?`, 'name = ?']) {
    const row = db.prepare(`SELECT uuid, name FROM ${kind} WHERE ${where} LIMIT 1`).get(ref) as
      | { uuid: string; name: string }
      | undefined;
    if (row) return row;
  }
  return null;
}

export function nameOf(db: Db, kind: NamedKind, uuid: string | null): string | null {
  if (uuid === null) return null;
  const row = db.prepare(`SELECT name FROM ${kind} WHERE uuid = ?`).get(uuid) as { name: string } | undefined;
  return row?.name ?? null;
}
