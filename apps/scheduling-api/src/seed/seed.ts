import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { EventRow } from '../events/store.js';
import { insertEvent, updateEvent } from '../events/store.js';
import { randomSlug } from '../events/validate.js';
import { syncEventReminders } from '../reminders/reminders.js';
import { agencyOf, findAgency, resolveNamed } from '../settings/agency.js';
import { addDays, formatInZone, formatUtc } from '../time/zoned-time.js';
import {
  DEMO_AGENCY,
  DEMO_FLOW,
  DEMO_HEARINGS,
  DEMO_LOCATIONS,
  DEMO_PORTAL,
  DEMO_SEED_CREATOR,
} from './demo-court.js';

function demoFlowJson(): string {
  return JSON.stringify({ steps: DEMO_FLOW.steps, templates: DEMO_FLOW.templates });
}

/**
 * Creates the agency with its default flow, locations and portal when the database has none. The demo
 * flow's steps and texts follow this release's data on every start (reminders already scheduled stay).
 */
export function ensureAgency(db: Db): void {
  if (findAgency(db)) {
    db.prepare('UPDATE flows SET steps = ? WHERE flow_reference = ?').run(
      demoFlowJson(),
      DEMO_FLOW.flow_reference,
    );
    return;
  }
  db.transaction(() => {
    const flow = randomUUID();
    db.prepare('INSERT INTO flows (uuid, name, flow_reference, steps) VALUES (?, ?, ?, ?)').run(
      flow,
      DEMO_FLOW.name,
      DEMO_FLOW.flow_reference,
      demoFlowJson(),
    );
    const locations = DEMO_LOCATIONS.map((l) => {
      const uuid = randomUUID();
      db.prepare('INSERT INTO locations (uuid, name, location_reference, address) VALUES (?, ?, ?, ?)').run(
        uuid,
        l.name,
        l.location_reference,
        l.address,
      );
      return uuid;
    });
    const portal = randomUUID();
    db.prepare('INSERT INTO portals (uuid, name, portal_reference) VALUES (?, ?, ?)').run(
      portal,
      DEMO_PORTAL.name,
      DEMO_PORTAL.portal_reference,
    );
    db.prepare(
      `INSERT INTO agency (uuid, name, agency_reference, timezone, phone, email, default_flow, default_location,
         default_portal, default_judge) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      DEMO_AGENCY.name,
      DEMO_AGENCY.agency_reference,
      DEMO_AGENCY.timezone,
      DEMO_AGENCY.phone,
      DEMO_AGENCY.email,
      flow,
      locations[0] ?? null,
      portal,
      DEMO_AGENCY.default_judge,
    );
  })();
}

/** `days` from today in the time zone, moved off a weekend onto the next Monday. */
function hearingDate(nowMs: number, timeZone: string, days: number): string {
  let date = addDays(formatInZone(nowMs, timeZone).slice(0, 10), days);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 6) date = addDays(date, 2);
  if (weekday === 0) date = addDays(date, 1);
  return date;
}

/**
 * Seeds the demo hearings (idempotent: matched by event_reference and creator). A seeded hearing whose
 * date has passed is moved forward again, so the demo's case numbers always have an upcoming date.
 */
export function seedDemoHearings(db: Db, nowMs: number): { created: number; moved: number } {
  const agency = agencyOf(db);
  const today = formatInZone(nowMs, agency.timezone).slice(0, 10);
  let created = 0;
  let moved = 0;
  db.transaction(() => {
    for (const h of DEMO_HEARINGS) {
      const existing = db
        .prepare('SELECT * FROM events WHERE event_reference = ? AND created_by = ? ORDER BY seq LIMIT 1')
        .get(h.event_reference, DEMO_SEED_CREATOR) as EventRow | undefined;
      const date = hearingDate(nowMs, agency.timezone, h.days_ahead);
      if (existing) {
        if (existing.deleted_at === null && existing.date < today) {
          const row = updateEvent(db, existing.uuid, { date }, formatUtc(nowMs));
          syncEventReminders(db, row, nowMs);
          moved++;
        }
        continue;
      }
      insertEvent(
        db,
        randomUUID(),
        {
          event_reference: h.event_reference,
          case_number: h.case_number,
          date,
          time: h.time,
          type: h.type,
          description: h.description,
          location: resolveNamed(db, 'locations', h.location_reference)?.uuid ?? agency.default_location,
          location_notes: h.location_notes,
          judge_name: h.judge_name,
          flow: agency.default_flow,
          portal: agency.default_portal,
          virtual: h.virtual,
          virtual_notes: h.virtual_notes,
          url: randomSlug(),
          created_by: DEMO_SEED_CREATOR,
        },
        formatUtc(nowMs),
      );
      created++;
    }
  })();
  return { created, moved };
}
