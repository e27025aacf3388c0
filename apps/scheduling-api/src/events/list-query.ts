import { badRequest } from '../http/http-error.js';
import { likePattern } from '../http/sql-like.js';
import { isDate, normalizeTime } from '../time/zoned-time.js';

const EXACT = [
  'event_reference',
  'case_number',
  'type',
  'status',
  'appeared',
  'date',
  'end_date',
  'description',
  'upload',
  'created_by',
] as const;

const PARTIAL = ['location_notes', 'virtual_notes'] as const;

/**
 * The WHERE clause of `GET /events` from the contract's filters. Archived and soft-deleted events are
 * left out (archived ones are "removed from default lists").
 */
export function eventFilters(query: URLSearchParams): { sql: string; params: string[] } {
  const where = ['deleted_at IS NULL', 'archived_at IS NULL'];
  const params: string[] = [];
  const add = (clause: string, ...values: string[]) => {
    where.push(clause);
    params.push(...values);
  };
  const search = query.get('search');
  if (search) add("event_reference LIKE ? ESCAPE '\\'", likePattern(search));
  for (const f of EXACT) {
    const v = query.get(f);
    if (v !== null) add(`${f} = ?`, v);
  }
  const judge = query.get('judge') ?? query.get('judge_name');
  if (judge !== null) add('judge_name = ?', judge);
  for (const f of PARTIAL) {
    const v = query.get(f);
    if (v) add(`${f} LIKE ? ESCAPE '\\'`, likePattern(v));
  }
  for (const [param, op] of [
    ['from_date', '>='],
    ['to_date', '<='],
  ] as const) {
    const v = query.get(param);
    if (v === null || v === '') continue;
    if (!isDate(v)) throw badRequest(`The ${param} parameter must be a date in YYYY-MM-DD.`, param);
    add(`date ${op} ?`, v);
  }
  for (const [param, op] of [
    ['from_time', '>='],
    ['to_time', '<='],
  ] as const) {
    const v = query.get(param);
    if (v === null || v === '') continue;
    const t = normalizeTime(v);
    if (t === null) throw badRequest(`The ${param} parameter must be a time in HH:MM.`, param);
    add(`time IS NOT NULL AND time ${op} ?`, t.slice(0, 5));
  }
  const virtual = query.get('virtual');
  if (virtual !== null && virtual !== '') {
    if (virtual !== '0' && virtual !== '1')
      throw badRequest('The virtual parameter must be 0 or 1.', 'virtual');
    add('virtual = ?', virtual);
  }
  const client = query.get('client');
  if (client === 'none') {
    add('client IS NULL AND NOT EXISTS (SELECT 1 FROM attachments a WHERE a.event = events.uuid)');
  } else if (client !== null) {
    add(
      'uuid IN (SELECT uuid FROM events WHERE client = ? UNION SELECT event FROM attachments WHERE client = ?)',
      client,
      client,
    );
  }
  const searchClients = query.get('search_clients');
  if (searchClients) {
    const p = likePattern(searchClients);
    add(
      `EXISTS (SELECT 1 FROM clients c WHERE
         (c.uuid = events.client OR c.uuid IN (SELECT a.client FROM attachments a WHERE a.event = events.uuid))
         AND (c.first_name LIKE ? ESCAPE '\\' OR c.last_name LIKE ? ESCAPE '\\'
              OR (COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, '')) LIKE ? ESCAPE '\\'))`,
      p,
      p,
      p,
    );
  }
  return { sql: ` WHERE ${where.join(' AND ')}`, params };
}
