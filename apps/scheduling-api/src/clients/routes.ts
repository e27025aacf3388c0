import type { AppDeps } from '../deps.js';
import { optionalText } from '../http/fields.js';
import { badRequest, notFound } from '../http/http-error.js';
import { pageSql, readPage } from '../http/pagination.js';
import type { RouteDef } from '../http/route.js';
import { likePattern } from '../http/sql-like.js';
import { resyncClientEvents } from '../reminders/reminders.js';
import {
  CLIENT_FIELDS,
  type ClientFields,
  type ClientRow,
  clientWire,
  findClient,
  insertClient,
  referenceTaken,
  updateClient,
} from './store.js';

const SORTABLE = ['created_at', 'updated_at', ...CLIENT_FIELDS];

function readFields(body: Record<string, unknown>): ClientFields {
  const fields: Record<string, string | null> = {};
  for (const name of CLIENT_FIELDS) {
    const v = optionalText(body, name);
    if (v === undefined) continue;
    // An empty reference would collide across clients; it means "none".
    fields[name] = name === 'client_reference' && v === '' ? null : v;
  }
  return fields as ClientFields;
}

export function createClientRoutes({ db, now }: AppDeps): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/v1/clients',
      auth: 'token',
      body: 'json',
      handle({ body }, _req, res) {
        const fields = readFields(body);
        if (fields.client_reference && referenceTaken(db, fields.client_reference, null)) {
          throw badRequest('The client_reference has already been taken.', 'client_reference');
        }
        const c = db.transaction(() => insertClient(db, fields, now().getTime()))();
        // The contract's create response lists these four fields.
        res.status(201).json({
          uuid: c.uuid,
          first_name: c.first_name,
          last_name: c.last_name,
          client_reference: c.client_reference,
        });
      },
    },
    {
      method: 'PATCH',
      path: '/v1/clients/:client',
      auth: 'token',
      body: 'json',
      handle({ body, params }, _req, res) {
        const existing = findClient(db, params.client!);
        if (!existing) throw notFound('Client not found');
        const fields = readFields(body);
        if (fields.client_reference && referenceTaken(db, fields.client_reference, existing.uuid)) {
          throw badRequest('The client_reference has already been taken.', 'client_reference');
        }
        const updated = db.transaction(() => {
          const nowMs = now().getTime();
          const row = updateClient(db, existing.uuid, fields, nowMs);
          // "Updating a client … resynchronizes all its associated messages with the latest data."
          resyncClientEvents(db, row.uuid, nowMs);
          return row;
        })();
        res.json(clientWire(updated));
      },
    },
    {
      method: 'GET',
      path: '/v1/clients',
      auth: 'token',
      body: 'none',
      handle({ query }, _req, res) {
        const page = readPage(query, SORTABLE);
        const where: string[] = [];
        const params: (string | number)[] = [];
        const reference = query.get('client_reference');
        if (reference !== null) {
          where.push('client_reference = ?');
          params.push(reference);
        }
        const search = query.get('search');
        if (search) {
          where.push(
            "(first_name LIKE ? ESCAPE '\\' OR last_name LIKE ? ESCAPE '\\' OR client_reference LIKE ? ESCAPE '\\')",
          );
          const p = likePattern(search);
          params.push(p, p, p);
        }
        const paging = pageSql(page);
        const rows = db
          .prepare(`SELECT * FROM clients${where.length ? ` WHERE ${where.join(' AND ')}` : ''}${paging.sql}`)
          .all(...params, ...paging.params) as ClientRow[];
        res.json(rows.map(clientWire));
      },
    },
  ];
}
