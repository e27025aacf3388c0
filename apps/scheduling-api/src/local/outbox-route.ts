import type { AppDeps } from '../deps.js';
import { badRequest } from '../http/http-error.js';
import type { RouteDef } from '../http/route.js';
import { deliverDue, listOutbox, outboxWire } from '../messages/outbox.js';
import { agencyOf } from '../settings/agency.js';

function count(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw badRequest(`The ${name} parameter must be an integer from 0 to ${max}.`, name);
  return Number(raw);
}

/**
 * `GET /_local/outbox`: an extension outside the contract's paths, for local tooling (the relay's admin
 * app, e2e tests). Same bearer token as the API. Newest first; filters `to`, `status`, `event`.
 */
export function createOutboxRoute({ db, now }: AppDeps): RouteDef {
  return {
    method: 'GET',
    path: '/_local/outbox',
    auth: 'token',
    body: 'none',
    handle({ query }, _req, res) {
      deliverDue(db, now().getTime());
      const tz = agencyOf(db).timezone;
      const rows = listOutbox(db, {
        limit: Math.max(1, count(query, 'limit', 50, 1000)),
        skip: count(query, 'skip', 0, Number.MAX_SAFE_INTEGER),
        to: query.get('to') ?? undefined,
        status: query.get('status') ?? undefined,
        event: query.get('event') ?? undefined,
      });
      res.json(rows.map((m) => outboxWire(m, tz)));
    },
  };
}
