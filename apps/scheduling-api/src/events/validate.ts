import { randomBytes } from 'node:crypto';
import { findClient } from '../clients/store.js';
import type { Db } from '../db/database.js';
import { optionalFlag, optionalText, scalarText } from '../http/fields.js';
import { badRequest } from '../http/http-error.js';
import { resolveNamed } from '../settings/agency.js';
import { isDate, normalizeTime, splitDateTime } from '../time/zoned-time.js';
import type { EventInput } from './store.js';

const TEXT_FIELDS = [
  'event_reference',
  'type',
  'status',
  'appeared',
  'case_number',
  'location_notes',
  'judge_name',
  'virtual_notes',
  'description',
  'notes',
  'code',
  'upload',
] as const;

const TRUTHY_VIRTUAL = new Set(['1', 'true', 'yes', 'y']);
const SLUG = /^[A-Za-z0-9_-]{1,100}$/;

export function randomSlug(): string {
  return randomBytes(6).toString('hex');
}

/** The date (`date`, alias `start_date`, or the date part of `date_time`); `Date required` when unusable. */
function readDate(body: Record<string, unknown>, required: boolean): { date?: string; time?: string } {
  for (const field of ['date', 'start_date'] as const) {
    if (body[field] === undefined) continue;
    const v = body[field];
    if (typeof v !== 'string' || !isDate(v)) throw badRequest('Date required', field);
    return { date: v };
  }
  if (body.date_time !== undefined) {
    const parts = typeof body.date_time === 'string' ? splitDateTime(body.date_time) : null;
    if (!parts) throw badRequest('Date required', 'date_time');
    return { date: parts[0], time: parts[1].slice(0, 5) };
  }
  if (required) throw badRequest('Date required', 'date');
  return {};
}

function readTime(body: Record<string, unknown>, fields: readonly string[]): string | null | undefined {
  for (const field of fields) {
    const v = body[field];
    if (v === undefined) continue;
    if (v === null || v === '') return null;
    const t = typeof v === 'string' ? normalizeTime(v) : null;
    // Stored as HH:MM (the contract's format); seconds are accepted on input and dropped.
    if (t === null) throw badRequest(`The ${field} field must be a time in HH:MM (24-hour).`, field);
    return t.slice(0, 5);
  }
  return undefined;
}

function readNamed(db: Db, body: Record<string, unknown>, field: 'flow' | 'location' | 'portal') {
  const v = optionalText(body, field);
  if (v === undefined || v === null || v === '') return v === '' ? null : v;
  const kind = field === 'flow' ? 'flows' : field === 'location' ? 'locations' : 'portals';
  const found = resolveNamed(db, kind, v);
  if (!found) throw badRequest(`The selected ${field} is invalid.`, field);
  return found.uuid;
}

function readClient(db: Db, body: Record<string, unknown>): string | null | undefined {
  for (const field of ['client', 'client_uuid', 'client_reference'] as const) {
    const v = optionalText(body, field);
    if (v === undefined) continue;
    if (v === null || v === '') return null;
    const client = findClient(db, v);
    if (!client) throw badRequest(`The selected ${field} is invalid.`, field);
    return client.uuid;
  }
  return undefined;
}

export interface ParsedEvent {
  input: EventInput;
  skipSync: boolean;
}

/**
 * Reads a create (all fields) or an update (only the fields sent) body into columns. Every problem is a
 * 400 naming its field; references (client, flow, location, portal) must name existing records.
 */
export function parseEventBody(
  db: Db,
  body: Record<string, unknown>,
  mode: 'create' | 'update',
  eventUuid: string | null,
): ParsedEvent {
  const input: Record<string, unknown> = {};
  const when = readDate(body, mode === 'create');
  if (when.date !== undefined) input.date = when.date;
  const time = readTime(body, ['time', 'start_time']);
  if (time !== undefined) input.time = time;
  else if (when.time !== undefined) input.time = when.time;
  const endTime = readTime(body, ['end_time']);
  if (endTime !== undefined) input.end_time = endTime;
  const endDate = optionalText(body, 'end_date');
  if (endDate !== undefined) {
    if (endDate !== null && endDate !== '' && !isDate(endDate)) {
      throw badRequest('The end_date field must be a date in YYYY-MM-DD.', 'end_date');
    }
    input.end_date = endDate === '' ? null : endDate;
  }
  for (const field of TEXT_FIELDS) {
    const v = optionalText(body, field);
    if (v !== undefined) input[field] = v;
  }
  if (body.virtual !== undefined) {
    // null and any scalar that is not one of the truthy words are 0 (contract); an object or array is no flag.
    const text = body.virtual === null ? '' : scalarText(body.virtual);
    if (text === undefined) throw badRequest('The virtual field must be true or false.', 'virtual');
    input.virtual = TRUTHY_VIRTUAL.has(text.trim().toLowerCase()) ? 1 : 0;
  }
  for (const field of ['flow', 'location', 'portal'] as const) {
    const v = readNamed(db, body, field);
    if (v !== undefined) input[field] = v;
  }
  const client = readClient(db, body);
  if (client !== undefined) input.client = client;
  const url = optionalText(body, 'url');
  if (url !== undefined && url !== null) {
    if (!SLUG.test(url)) throw badRequest('The url field may contain only letters, digits, - and _.', 'url');
    const taken = db.prepare('SELECT 1 FROM events WHERE url = ? AND uuid IS NOT ?').get(url, eventUuid);
    if (taken) throw badRequest('The url has already been taken.', 'url');
    input.url = url;
  }
  const skipSync = optionalFlag(body, 'skip_sync') ?? false;
  return { input: input as EventInput, skipSync };
}
