import type { AppDeps } from '../deps.js';
import { pageSql, readPage } from '../http/pagination.js';
import type { RouteDef } from '../http/route.js';
import { likePattern } from '../http/sql-like.js';
import { findClient } from './store.js';

/**
 * `GET /contacts`, filtered by `client` (UUID) or `client_reference`. The contract does not show the
 * contact record; ours is `uuid`, `client`, `type` (`phone` or `email`), `value`, `created_at`.
 */
export function createContactRoutes({ db }: AppDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/v1/contacts',
      auth: 'token',
      body: 'none',
      handle({ query }, _req, res) {
        const page = readPage(query, ['created_at', 'type', 'value']);
        const where: string[] = [];
        const params: string[] = [];
        const ref = query.get('client') ?? query.get('client_reference');
        if (ref !== null) {
          // A client that does not exist has no contacts: an empty list, like any filter matching nothing.
          const client = findClient(db, ref);
          where.push('client = ?');
          params.push(client?.uuid ?? '');
        }
        const search = query.get('search');
        if (search) {
          where.push("value LIKE ? ESCAPE '\\'");
          params.push(likePattern(search));
        }
        const paging = pageSql(page);
        const rows = db
          .prepare(
            `SELECT uuid, client, type, value, created_at FROM contacts${where.length ? ` WHERE ${where.join(' AND ')}` : ''}${paging.sql}`,
          )
          .all(...params, ...paging.params);
        res.json(rows);
      },
    },
  ];
}
