import type { WireList, WireNamespace, WireOrigins } from '@amicus/protocol/admin';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { selfOrigin } from '../http/origin.js';
import {
  effectiveAllowedOrigins,
  MAX_STORED_ORIGINS,
  replaceStoredOrigins,
  storedOrigins,
} from '../origins/allowlist.js';
import { invalid } from './admin-error.js';
import { appendAudit, listAudit } from './audit.js';
import { clientIp, signedIn } from './auth/guard.js';
import { normalizeOrigin } from './origin-input.js';
import { queryDate, queryInt, queryString } from './query-params.js';

/** Namespaces, the audit log (read-only) and the widget origin allowlist. */
export function createSettingsRoutes(deps: RelayDeps): Router {
  const router = Router();

  router.get('/namespaces', async (_req, res: Response) => {
    const rows = await deps.sql.query<{ name: string; last_used_at: Date | string | null }>(
      `SELECT name, last_used_at FROM admin_namespaces
       UNION SELECT 'general', NULL WHERE NOT EXISTS (SELECT 1 FROM admin_namespaces WHERE name = 'general')
       ORDER BY name`,
    );
    const body: WireList<WireNamespace> = {
      data: rows.map((r) => ({
        name: r.name,
        last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
      })),
    };
    res.json(body);
  });

  router.get('/audit', async (req: Request, res: Response) => {
    const before = queryString(req, 'before', 20);
    if (before !== undefined && !/^\d{1,18}$/.test(before))
      throw invalid('before must be a cursor from next_cursor.', 'before');
    const action = queryString(req, 'action', 64);
    const actor = queryString(req, 'actor', 128);
    const from = queryDate(req, 'from');
    const to = queryDate(req, 'to');
    const limit = queryInt(req, 'limit', 1, 500, 100);
    res.json(
      await listAudit(deps.sql, {
        limit,
        ...(action ? { action } : {}),
        ...(actor ? { actor } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(before ? { before } : {}),
      }),
    );
  });

  const ownOrigin = selfOrigin(deps.config.server.publicOrigin);
  // The relay's own origin is always allowed on the widget API (see `selfOrigin`); it is listed
  // so the Try-it panel, served from that origin, knows the widget will work there.
  const originsBody = async (req: Request): Promise<WireOrigins> => {
    const own = ownOrigin(req);
    const effective = await effectiveAllowedOrigins(deps);
    return {
      configured: deps.config.allowedOrigins,
      stored: await storedOrigins(deps.sql),
      effective: own && !effective.includes(own) ? [...effective, own].sort() : effective,
    };
  };

  router.get('/settings/origins', async (req: Request, res: Response) => {
    res.json(await originsBody(req));
  });

  router.put('/settings/origins', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const list = (req.body as { origins?: unknown } | undefined)?.origins;
    if (!Array.isArray(list) || list.length > MAX_STORED_ORIGINS) {
      throw invalid(`origins must be a list of at most ${MAX_STORED_ORIGINS} origins.`, 'origins');
    }
    const origins = [...new Set(list.map((value: unknown, i) => normalizeOrigin(value, `origins[${i}]`)))];
    const before = await storedOrigins(deps.sql);
    await replaceStoredOrigins(deps.sql, origins, username, deps.now());
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'settings.origins.update',
      ip: clientIp(req),
      result: 'success',
      detail: { before, after: origins },
    });
    res.json(await originsBody(req));
  });

  return router;
}
