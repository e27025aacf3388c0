import { findClient } from '../clients/store.js';
import type { Db } from '../db/database.js';
import { type Agency, nameOf } from '../settings/agency.js';
import { EVENT_FIELDS, type EventRow } from './store.js';
import { combinedDateTime, timing } from './timing.js';

/** The stored fields (lists); `virtual` as 0 or 1 everywhere. */
export function eventWire(e: EventRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of EVENT_FIELDS) out[f] = e[f];
  return out;
}

/** Create and update responses: the stored fields plus the agency time zone. */
export function eventWithTimezone(e: EventRow, agency: Agency): Record<string, unknown> {
  return { ...eventWire(e), timezone: agency.timezone };
}

/** The single-event read: stored fields plus the contract's computed fields. */
export function eventDetail(db: Db, e: EventRow, agency: Agency, nowMs: number): Record<string, unknown> {
  const client = e.client === null ? null : findClient(db, e.client);
  return {
    ...eventWire(e),
    timezone: agency.timezone,
    flow_name: nameOf(db, 'flows', e.flow),
    location_name: nameOf(db, 'locations', e.location),
    first_name: client?.first_name ?? null,
    last_name: client?.last_name ?? null,
    client_uuid: client?.uuid ?? null,
    language: client?.language ?? null,
    date_time: combinedDateTime(e),
    ...timing(e, agency.timezone, nowMs),
  };
}
