import type { AppDeps } from '../deps.js';
import type { RouteDef } from '../http/route.js';
import { notFound } from '../ingest/documents.js';
import { createJob, getJob, jobView } from '../ingest/jobs.js';
import { type CrawlCounts, type CrawlerOptions, runCrawl } from './crawler.js';
import { validateCrawlBody } from './validate.js';

/** POST /v1/ingest/crawl (202, the crawl runs in the background) and GET /v1/ingest/crawl/{id}. */
export function createCrawlRoutes(deps: AppDeps, options: CrawlerOptions = {}): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/v1/ingest/crawl',
      scope: 'ingest',
      body: 'json',
      async handle(ctx, req, res) {
        const params = await validateCrawlBody(req.body, deps.crawlAllowHosts ?? []);
        const counts: CrawlCounts = {
          pages_crawled: 0,
          documents_indexed: 0,
          pages_failed: 0,
          urls_skipped: 0,
        };
        const jobId = createJob(
          deps.db,
          { accountId: ctx.accountId, kind: 'crawl', namespace: params.namespace, counts, params },
          deps.now(),
        );
        // runCrawl settles the job itself, whatever happens; nothing to await here.
        void runCrawl(deps, jobId, ctx.accountId, params, options);
        res.status(202).json({ crawl_job_id: jobId, status: 'processing', namespace: params.namespace });
      },
    },
    {
      method: 'GET',
      path: '/v1/ingest/crawl/:crawlJobId',
      scope: 'ingest',
      body: 'none',
      handle(ctx, req, res) {
        const job = getJob(deps.db, ctx.accountId, String(req.params.crawlJobId), 'crawl');
        if (!job) throw notFound('crawl job');
        res.json(jobView(deps.db, job));
      },
    },
  ];
}
