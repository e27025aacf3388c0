import { JOB_STATUSES } from '@amicus/contract';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { jobEventsFor } from '../jobs/job-events.js';
import { findJob, listJobs, updateJobStatus } from '../jobs/jobs.js';
import { notFound } from './admin-error.js';
import { signedIn } from './auth/guard.js';
import { findSession } from './auth/staff-sessions.js';
import { isUuid, queryEnum, queryInt } from './query-params.js';
import { adminErrorFromUpstream } from './upstream-error.js';
import { upstreamOptions } from './upstream-options.js';

const HEARTBEAT_MS = 15_000;

/** `GET /jobs`, `GET /jobs/:id` (fresh from upstream) and the `GET /events` SSE stream. */
export function createJobRoutes(deps: RelayDeps, { heartbeatMs = HEARTBEAT_MS } = {}): Router {
  const router = Router();
  const events = jobEventsFor(deps.sql);

  router.get('/jobs', async (req: Request, res: Response) => {
    const limit = queryInt(req, 'limit', 1, 200, 50);
    const kind = queryEnum(req, 'kind', ['ingest', 'crawl'] as const);
    const status = queryEnum(req, 'status', JOB_STATUSES);
    res.json({
      data: await listJobs(deps.sql, { limit, ...(kind ? { kind } : {}), ...(status ? { status } : {}) }),
    });
  });

  router.get('/jobs/:id', async (req: Request<{ id: string }>, res: Response) => {
    const id = req.params.id;
    const job = isUuid(id) ? await findJob(deps.sql, id) : null;
    if (!job) throw notFound('No job with this id was started from this relay.');
    // A finished job never changes again; answering from the database spares the shared upstream budget.
    if (job.status !== 'processing' && job.upstream !== null) {
      res.json(job);
      return;
    }
    let status: Record<string, unknown>;
    try {
      const client = deps.upstream.ingest;
      const opts = upstreamOptions(res);
      status =
        job.kind === 'ingest' ? await client.getIngestJob(id, opts) : await client.getCrawlJob(id, opts);
    } catch (error) {
      throw adminErrorFromUpstream(error);
    }
    const updated = await updateJobStatus(deps.sql, id, status, deps.now());
    if (updated?.changed) events.publish(updated.job);
    res.json(updated?.job ?? job);
  });

  router.get('/events', (req: Request, res: Response) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.flushHeaders();
    res.write('retry: 5000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = events.subscribe((job) => {
      res.write(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
    }, deps.now());
    const { token } = signedIn(res);
    // Each heartbeat re-checks the session, so signing out or expiry also ends open streams.
    const heartbeat = setInterval(async () => {
      const alive = await findSession(deps.sql, token, deps.now()).catch(() => null);
      if (alive) res.write(': ping\n\n');
      else res.end();
    }, heartbeatMs);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  return router;
}
