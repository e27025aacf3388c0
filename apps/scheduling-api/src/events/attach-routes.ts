import { randomUUID } from 'node:crypto';
import { findClient } from '../clients/store.js';
import type { AppDeps } from '../deps.js';
import { optionalText } from '../http/fields.js';
import { badRequest, HttpError, notFound } from '../http/http-error.js';
import type { RouteDef } from '../http/route.js';
import { dropClientReminders, syncEventReminders } from '../reminders/reminders.js';
import { formatUtc } from '../time/zoned-time.js';
import { liveEvent } from './routes.js';
import { findEvent } from './store.js';

interface AttachmentRow {
  uuid: string;
  event: string;
  client: string;
}

function requiredClient(body: Record<string, unknown>): string {
  const v = optionalText(body, 'client');
  if (v === undefined || v === null || v === '') throw badRequest('Client is required', 'client');
  return v;
}

/** Attachment of additional clients to an event, whose reminders then go to them too. */
export function createAttachRoutes(deps: AppDeps): RouteDef[] {
  const { db, now } = deps;
  return [
    {
      method: 'GET',
      path: '/v1/events/:event/attached',
      auth: 'token',
      body: 'none',
      handle({ params }, _req, res) {
        const e = liveEvent(deps, params.event!);
        res.json(
          db.prepare('SELECT uuid, event, client FROM attachments WHERE event = ? ORDER BY seq').all(e.uuid),
        );
      },
    },
    {
      method: 'POST',
      path: '/v1/events/:event/attach',
      auth: 'token',
      body: 'json',
      handle({ params, body }, _req, res) {
        const e = liveEvent(deps, params.event!);
        const client = findClient(db, requiredClient(body));
        if (!client) throw notFound('Client not found');
        const attached = db
          .prepare('SELECT 1 FROM attachments WHERE event = ? AND client = ?')
          .get(e.uuid, client.uuid);
        // The event's own client is already on it, too.
        if (attached || e.client === client.uuid) throw new HttpError(409, 'Client is already attached');
        const row = db.transaction(() => {
          const nowMs = now().getTime();
          const uuid = randomUUID();
          db.prepare('INSERT INTO attachments (uuid, event, client, created_at) VALUES (?, ?, ?, ?)').run(
            uuid,
            e.uuid,
            client.uuid,
            formatUtc(nowMs),
          );
          syncEventReminders(db, findEvent(db, e.uuid)!, nowMs);
          return db
            .prepare('SELECT uuid, event, client FROM attachments WHERE uuid = ?')
            .get(uuid) as AttachmentRow;
        })();
        res.status(201).json(row);
      },
    },
    {
      method: 'DELETE',
      path: '/v1/events/:event/detach',
      auth: 'token',
      body: 'json',
      handle({ params, body }, _req, res) {
        const e = liveEvent(deps, params.event!);
        const ref = requiredClient(body);
        const client = findClient(db, ref);
        const attachment =
          client === null
            ? undefined
            : (db
                .prepare('SELECT uuid FROM attachments WHERE event = ? AND client = ?')
                .get(e.uuid, client.uuid) as { uuid: string } | undefined);
        if (!client || !attachment) throw notFound('Client not found');
        db.transaction(() => {
          db.prepare('DELETE FROM attachments WHERE uuid = ?').run(attachment.uuid);
          dropClientReminders(db, e.uuid, client.uuid, now().getTime());
        })();
        res.status(202).json({ message: '1 client detached' });
      },
    },
  ];
}
