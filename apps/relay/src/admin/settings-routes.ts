import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { invalid } from './admin-error.js';
import { adminSettings } from './admin-settings.js';
import { appendAudit, listAudit } from './audit.js';
import { clientIp, signedIn } from './guard.js';
import {
  effectiveAllowedOrigins,
  MAX_STORED_ORIGINS,
  normalizeOrigin,
  replaceStoredOrigins,
  storedOrigins,
} from './origins.js';
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
    res.json({
      data: rows.map((r) => ({
        name: r.name,
        last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
      })),
    });
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

  const originsBody = async () => ({
    configured: adminSettings(deps.config).configuredOrigins,
    stored: await storedOrigins(deps.sql),
    effective: await effectiveAllowedOrigins(deps),
  });

  router.get('/settings/origins', async (_req, res: Response) => {
    res.json(await originsBody());
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
    res.json(await originsBody());
  });

  return router;
}
