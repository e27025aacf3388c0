import { findClient } from '../clients/store.js';
import type { Db } from '../db/database.js';
import { clientsOf, type EventRow } from '../events/store.js';
import { endInstant, startInstant } from '../events/timing.js';
import { deliverDue, insertMessage } from '../messages/outbox.js';
import { agencyOf, nameOf } from '../settings/agency.js';
import { addDays, zonedToInstant } from '../time/zoned-time.js';
import { flowOf } from './flow.js';
import { renderReminder } from './render.js';

// The provider's flows are not shown by the contract. Ours is minimal: a flow is a list of steps
// ("N days before, at HH:MM") and a text per language; every client of the event gets one message per
// step and contact (phone → SMS, e-mail → e-mail), scheduled in the outbox.

const NINETY_DAYS = 90 * 24 * 3_600_000;
/** Detach hard-deletes at most this many unsent messages (contract, Limits). */
const DETACH_CLEANUP_LIMIT = 100;

/** Removes the unsent reminders of an event (optionally of one client); returns how many. */
function dropUnsent(db: Db, event: string, client?: string, limit?: number): number {
  const byClient = client === undefined ? '' : ' AND client = ?';
  const params: (string | number)[] = client === undefined ? [event] : [event, client];
  const cap = limit === undefined ? '' : ' LIMIT ?';
  if (limit !== undefined) params.push(limit);
  return db
    .prepare(
      `DELETE FROM messages WHERE seq IN (SELECT seq FROM messages WHERE event = ? AND sent = 0 AND last_status = 'scheduled'${byClient} ORDER BY seq${cap})`,
    )
    .run(...params).changes;
}

/**
 * Rebuilds an event's reminder schedule from its current data: unsent reminders are dropped and the
 * future steps scheduled again for every client. Archived, deleted and long-past events get none.
 */
export function syncEventReminders(db: Db, event: EventRow, nowMs: number): void {
  deliverDue(db, nowMs);
  dropUnsent(db, event.uuid);
  if (event.archived_at !== null || event.deleted_at !== null) return;
  const flow = flowOf(db, event.flow);
  if (!flow) return;
  const agency = agencyOf(db);
  const start = startInstant(event, agency.timezone);
  if (start < nowMs - NINETY_DAYS) return;
  // A reminder comes before the hearing; for an event without a time, before the end of its day.
  const deadline = event.time === null ? endInstant(event, agency.timezone) : start;
  const place = [nameOf(db, 'locations', event.location), event.location_notes].filter(Boolean).join(', ');
  for (const clientUuid of clientsOf(db, event)) {
    const client = findClient(db, clientUuid);
    if (!client) continue;
    const language = client.language !== null && client.language in flow.templates ? client.language : 'en';
    const templates = flow.templates[language] ?? flow.templates.en;
    if (!templates) continue;
    for (const step of flow.steps) {
      const at = zonedToInstant(addDays(event.date, -step.days_before), step.at, agency.timezone);
      if (at <= nowMs || at >= deadline) continue;
      for (const [to, channel] of [
        [client.phone, 'sms'],
        [client.email, 'email'],
      ] as const) {
        if (to === null || to === '') continue;
        const text = renderReminder(templates, channel, {
          court: agency.name,
          event,
          place,
          language,
          timeZone: agency.timezone,
        });
        insertMessage(
          db,
          {
            origin: 'reminder',
            from: channel === 'sms' ? agency.phone : agency.email,
            to,
            subject: text.subject,
            content: text.content,
            scheduledAtMs: at,
            event: event.uuid,
            client: client.uuid,
            step: step.step,
          },
          nowMs,
        );
      }
    }
  }
}

/** Archive and delete: the scheduled unsent reminders are cancelled (kept, marked `cancelled`). */
export function cancelEventReminders(db: Db, eventUuid: string, nowMs: number): void {
  deliverDue(db, nowMs);
  db.prepare(
    `UPDATE messages SET last_status = 'cancelled' WHERE event = ? AND sent = 0 AND last_status = 'scheduled'`,
  ).run(eventUuid);
}

/** Detach: the client's unsent outbound messages for the event are hard-deleted (up to 100). */
export function dropClientReminders(db: Db, eventUuid: string, clientUuid: string, nowMs: number): number {
  deliverDue(db, nowMs);
  return dropUnsent(db, eventUuid, clientUuid, DETACH_CLEANUP_LIMIT);
}

/** A changed client: every live event it is on is resynchronized. */
export function resyncClientEvents(db: Db, clientUuid: string, nowMs: number): void {
  const events = db
    .prepare(
      `SELECT * FROM events WHERE deleted_at IS NULL AND archived_at IS NULL
         AND (client = ? OR uuid IN (SELECT event FROM attachments WHERE client = ?))`,
    )
    .all(clientUuid, clientUuid) as EventRow[];
  for (const e of events) syncEventReminders(db, e, nowMs);
}
