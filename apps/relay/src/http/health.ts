import { Router } from 'express';
import type { SqlClient } from '../storage/sql.js';

/**
 * `/healthz`: the process answers. `/readyz`: it can do its job, i.e. the database answers and the
 * upstream's `/health` does (a load balancer stops sending visitors to an instance that cannot).
 */
export function healthRoutes({
  sql,
  upstreamBaseUrl,
  fetch: fetchImpl = globalThis.fetch,
}: {
  sql: SqlClient;
  upstreamBaseUrl: string;
  fetch?: typeof fetch;
}): Router {
  const healthUrl = `${upstreamBaseUrl.replace(/\/v1\/?$/, '')}/health`;
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [database, upstream] = await Promise.all([
      sql.query('SELECT 1 AS ok').then(
        () => true,
        () => false,
      ),
      fetchImpl(healthUrl, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      ),
    ]);
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(database && upstream ? 200 : 503)
      .json({ status: database && upstream ? 'ok' : 'unavailable', database, upstream });
  });
  return router;
}
