import type { InsightsBucket } from '@amicus/protocol/admin';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { buildReport, eventsCsv, loadEvents } from '../feedback/insights.js';
import { appendAudit } from './audit.js';
import { clientIp, signedIn } from './auth/guard.js';
import { queryEnum, queryInt } from './query-params.js';

function rangeOf(req: Request, now: Date): { from: Date; to: Date; bucket: InsightsBucket } {
  const days = queryInt(req, 'days', 1, 366, 30);
  const bucket = queryEnum(req, 'bucket', ['day', 'week'] as const) ?? 'day';
  // Whole UTC days, today included, so the day series has no cut-off first bar.
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { from: new Date(to.getTime() - days * 86_400_000), to, bucket };
}

/**
 * "What people ask": declined questions and rated answers for staff (behind the admin session).
 * The CSV export holds visitor text when transcripts are on, so every export is audited.
 */
export function createInsightsRoutes(deps: RelayDeps): Router {
  const router = Router();

  router.get('/insights', async (req: Request, res: Response) => {
    const range = rangeOf(req, deps.now());
    const events = await loadEvents(deps.sql, range.from, range.to);
    res.json(buildReport(events, { ...range, transcripts: deps.config.transcripts.enabled }));
  });

  router.get('/insights/export', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const range = rangeOf(req, deps.now());
    const events = await loadEvents(deps.sql, range.from, range.to);
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'insights.export',
      ip: clientIp(req),
      result: 'success',
      detail: { from: range.from.toISOString(), to: range.to.toISOString(), rows: events.length },
    });
    const day = range.to.toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="what-people-ask-${day}.csv"`);
    res.send(eventsCsv(events));
  });

  return router;
}
