import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/http-error.js';
import { pageSql, readPage } from '../http/pagination.js';
import type { RouteDef } from '../http/route.js';
import { cancelEventReminders, syncEventReminders } from '../reminders/reminders.js';
import { agencyOf } from '../settings/agency.js';
import { formatUtc } from '../time/zoned-time.js';
import { eventFilters } from './list-query.js';
import { EVENT_FIELDS, type EventRow, findEvent, insertEvent, setLifecycle, updateEvent } from './store.js';
import { parseEventBody, randomSlug } from './validate.js';
import { eventDetail, eventWire, eventWithTimezone } from './wire.js';

const SORTABLE = EVENT_FIELDS.filter((f) => f !== 'uuid');

/** The contract's 404 for an event: "the event uuid was not found". */
export function eventNotFound(ref: string): never {
  throw notFound(`Event ${ref} not found`);
}

export function liveEvent(deps: AppDeps, ref: string): EventRow {
  return findEvent(deps.db, ref) ?? eventNotFound(ref);
}

/** Lists, reads, creates and updates events, and moves them through the state table. */
export function createEventRoutes(deps: AppDeps): RouteDef[] {
  const { db, now } = deps;

  const update: RouteDef['handle'] = ({ body, params }, _req, res) => {
    const existing = liveEvent(deps, params.event!);
    const { input, skipSync } = parseEventBody(db, body, 'update', existing.uuid);
    const agency = agencyOf(db);
    const row = db.transaction(() => {
      const nowMs = now().getTime();
      const updated = updateEvent(db, existing.uuid, input, formatUtc(nowMs));
      // "Event reprocessed; reminders rescheduled" (an archived event stays without reminders).
      if (!skipSync) syncEventReminders(db, updated, nowMs);
      return updated;
    })();
    res.json(eventWithTimezone(row, agency));
  };

  return [
    {
      method: 'GET',
      path: '/v1/events',
      auth: 'token',
      body: 'none',
      handle({ query }, _req, res) {
        const page = readPage(query, SORTABLE);
        const filters = eventFilters(query);
        const paging = pageSql(page);
        const rows = db
          .prepare(`SELECT * FROM events${filters.sql}${paging.sql}`)
          .all(...filters.params, ...paging.params) as EventRow[];
        res.json(rows.map(eventWire));
      },
    },
    {
      method: 'POST',
      path: '/v1/events',
      auth: 'token',
      body: 'json',
      handle({ body }, _req, res) {
        const { input, skipSync } = parseEventBody(db, body, 'create', null);
        const agency = agencyOf(db);
        const row = db.transaction(() => {
          const nowMs = now().getTime();
          const created = insertEvent(
            db,
            randomUUID(),
            {
              flow: agency.default_flow,
              location: agency.default_location,
              portal: agency.default_portal,
              judge_name: agency.default_judge,
              virtual: 0,
              ...input,
              date: input.date!,
              url: input.url ?? randomSlug(),
              // Set for app and import creation only, never through this API.
              created_by: null,
            },
            formatUtc(nowMs),
          );
          if (!skipSync) syncEventReminders(db, created, nowMs);
          return created;
        })();
        res.status(201).json(eventWithTimezone(row, agency));
      },
    },
    {
      method: 'GET',
      path: '/v1/events/:event',
      auth: 'token',
      body: 'none',
      handle({ params }, _req, res) {
        const e = liveEvent(deps, params.event!);
        res.json(eventDetail(db, e, agencyOf(db), now().getTime()));
      },
    },
    { method: 'PATCH', path: '/v1/events/:event', auth: 'token', body: 'json', handle: update },
    { method: 'PUT', path: '/v1/events/:event', auth: 'token', body: 'json', handle: update },
    {
      method: 'PUT',
      path: '/v1/events/:event/archive',
      auth: 'token',
      body: 'none',
      handle({ params }, _req, res) {
        const e = liveEvent(deps, params.event!);
        db.transaction(() => {
          const nowMs = now().getTime();
          // Archiving an archived event keeps its first archived_at.
          if (e.archived_at === null)
            setLifecycle(db, e.uuid, { archived_at: formatUtc(nowMs) }, formatUtc(nowMs));
          cancelEventReminders(db, e.uuid, nowMs);
        })();
        res.json({ message: `Event ${e.uuid} archived` });
      },
    },
    {
      method: 'PUT',
      path: '/v1/events/:event/restore',
      auth: 'token',
      body: 'none',
      handle({ params }, _req, res) {
        const e = findEvent(db, params.event!, { withDeleted: true }) ?? eventNotFound(params.event!);
        db.transaction(() => {
          const nowMs = now().getTime();
          if (e.archived_at !== null || e.deleted_at !== null) {
            setLifecycle(db, e.uuid, { archived_at: null, deleted_at: null }, formatUtc(nowMs));
            syncEventReminders(db, findEvent(db, e.uuid)!, nowMs);
          }
        })();
        res.json({ message: `Event ${e.uuid} restored` });
      },
    },
    {
      method: 'DELETE',
      path: '/v1/events/:event',
      auth: 'token',
      body: 'none',
      handle({ params }, _req, res) {
        const e = liveEvent(deps, params.event!);
        db.transaction(() => {
          const nowMs = now().getTime();
          setLifecycle(db, e.uuid, { deleted_at: formatUtc(nowMs) }, formatUtc(nowMs));
          cancelEventReminders(db, e.uuid, nowMs);
        })();
        res.status(204).end();
      },
    },
  ];
}
