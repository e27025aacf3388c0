import type { Db } from '../db/database.js';

export interface EventRow {
  seq: number;
  uuid: string;
  client: string | null;
  event_reference: string | null;
  date: string;
  time: string | null;
  end_date: string | null;
  end_time: string | null;
  type: string | null;
  status: string | null;
  appeared: string | null;
  case_number: string | null;
  location: string | null;
  location_notes: string | null;
  judge_name: string | null;
  flow: string | null;
  portal: string | null;
  virtual: number;
  virtual_notes: string | null;
  description: string | null;
  notes: string | null;
  code: string | null;
  url: string;
  upload: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  deleted_at: string | null;
}

/** The stored fields, in the contract's order (the wire shape of lists, create and update). */
export const EVENT_FIELDS = [
  'uuid',
  'client',
  'event_reference',
  'date',
  'time',
  'end_date',
  'end_time',
  'type',
  'status',
  'appeared',
  'case_number',
  'location',
  'location_notes',
  'judge_name',
  'flow',
  'portal',
  'virtual',
  'virtual_notes',
  'description',
  'notes',
  'code',
  'url',
  'upload',
  'created_by',
  'created_at',
  'updated_at',
  'archived_at',
  'deleted_at',
] as const;

/** Columns a create or update may set. */
export type EventInput = Partial<
  Omit<EventRow, 'seq' | 'uuid' | 'created_at' | 'updated_at' | 'archived_at' | 'deleted_at'>
>;

/**
 * An event by UUID or by event_reference (the read path accepts both; so do the other event paths here).
 * A reference shared by several events names the most recently created one. Soft-deleted events are
 * found only when `withDeleted` (restore is the one operation that reaches them).
 */
export function findEvent(db: Db, ref: string, { withDeleted = false } = {}): EventRow | null {
  const live = withDeleted ? '' : ' AND deleted_at IS NULL';
  const byUuid = db.prepare(`SELECT * FROM events WHERE uuid = ?${live}`).get(ref) as EventRow | undefined;
  if (byUuid) return byUuid;
  return (
    (db.prepare(`SELECT * FROM events WHERE event_reference = ?${live} ORDER BY seq DESC LIMIT 1`).get(ref) as
      | EventRow
      | undefined) ?? null
  );
}

export function insertEvent(
  db: Db,
  uuid: string,
  input: EventInput & { date: string; url: string },
  at: string,
): EventRow {
  const cols = Object.keys(input);
  db.prepare(
    `INSERT INTO events (uuid, ${cols.join(', ')}, created_at, updated_at) VALUES (?, ${cols.map(() => '?').join(', ')}, ?, ?)`,
  ).run(uuid, ...cols.map((c) => (input as Record<string, unknown>)[c] ?? null), at, at);
  return findEvent(db, uuid)!;
}

export function updateEvent(db: Db, uuid: string, input: EventInput, at: string): EventRow {
  const cols = Object.keys(input);
  const set = [...cols.map((c) => `${c} = ?`), 'updated_at = ?'].join(', ');
  db.prepare(`UPDATE events SET ${set} WHERE uuid = ?`).run(
    ...cols.map((c) => (input as Record<string, unknown>)[c] ?? null),
    at,
    uuid,
  );
  return findEvent(db, uuid, { withDeleted: true })!;
}

export function setLifecycle(
  db: Db,
  uuid: string,
  change: { archived_at?: string | null; deleted_at?: string | null },
  at: string,
): void {
  const cols = Object.keys(change) as (keyof typeof change)[];
  db.prepare(
    `UPDATE events SET ${cols.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE uuid = ?`,
  ).run(...cols.map((c) => change[c] ?? null), at, uuid);
}

/** Clients who get the event's reminders: its client and every attached client. */
export function clientsOf(db: Db, event: EventRow): string[] {
  const attached = db
    .prepare('SELECT client FROM attachments WHERE event = ? ORDER BY seq')
    .all(event.uuid)
    .map((r) => (r as { client: string }).client);
  return event.client === null ? attached : [event.client, ...attached.filter((c) => c !== event.client)];
}
