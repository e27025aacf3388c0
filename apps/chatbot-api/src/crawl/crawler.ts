import { CRAWL_BUDGET_MS, MAX_FILE_BYTES } from '@amicus/contract';
import type { AppDeps } from '../deps.js';
import { addJobError, finishJob } from '../ingest/jobs.js';
import { HostAllowlist } from './address-policy.js';
import { CrawlSession } from './crawl-session.js';
import type { CrawlerOptions, CrawlParams } from './crawl-types.js';
import { inAllowedDomains } from './url-normalize.js';

export type { CrawlCounts, CrawlerOptions, CrawlParams } from './crawl-types.js';

export const USER_AGENT = 'Mozilla/5.0 (compatible; AmicusBot/1.0; +https://github.com/amicus)';

const active = new WeakMap<object, Set<AbortController>>();

/** Aborts every crawl running on this database (server shutdown); resumeJobs fails them at next start. */
export function stopCrawls(deps: AppDeps): void {
  for (const c of active.get(deps.db) ?? []) c.abort(new Error('stopped'));
}

/**
 * Breadth-first crawl of one job: seeds at depth 0, links and sitemap URLs one level further, at most
 * `max_pages` fetches and `max_depth` levels, one request at a time per job, spaced per host by
 * 1/rate_limit_rps (or robots.txt Crawl-delay when larger). Pages and linked documents go through
 * the ingestion pipeline as `crawl` documents. Ends the job in its terminal state, always.
 */
export async function runCrawl(
  deps: AppDeps,
  jobId: string,
  accountId: string,
  params: CrawlParams,
  options: CrawlerOptions = {},
): Promise<void> {
  const { budgetMs = CRAWL_BUDGET_MS, requestTimeoutMs = 30_000, maxPageBytes = MAX_FILE_BYTES } = options;
  const controller = new AbortController();
  const running = active.get(deps.db) ?? new Set();
  active.set(deps.db, running);
  running.add(controller);
  let timedOut = false;
  const budget = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('budget'));
  }, budgetMs);
  const crawl = new CrawlSession(deps, jobId, accountId, params, {
    allowlist: new HostAllowlist(deps.crawlAllowHosts ?? []),
    maxBytes: maxPageBytes,
    timeoutMs: requestTimeoutMs,
    userAgent: USER_AGENT,
    signal: controller.signal,
    allowRedirect: (u) => inAllowedDomains(u, params.allowed_domains),
  });
  try {
    await crawl.run();
    if (controller.signal.aborted && !timedOut) return; // shutting down: resumeJobs settles the job
    const now = deps.now();
    if (timedOut) {
      addJobError(
        deps.db,
        jobId,
        { url: 'crawl', error: `the crawl timed out after ${formatBudget(budgetMs)}` },
        now,
      );
      finishJob(deps.db, jobId, 'failed', now);
      return;
    }
    const c = crawl.counts();
    if (c.documents_indexed === 0 && crawl.unchanged === 0) {
      addJobError(deps.db, jobId, { url: 'crawl', error: 'no page could be indexed' }, now);
      finishJob(deps.db, jobId, 'failed', now);
    } else {
      finishJob(deps.db, jobId, c.pages_failed > 0 ? 'completed_with_errors' : 'completed', now);
    }
  } catch {
    // The server is shutting down (or closed the database): resumeJobs settles the job at next start.
    if ((controller.signal.aborted && !timedOut) || !deps.db.open) return;
    try {
      const error = timedOut
        ? `the crawl timed out after ${formatBudget(budgetMs)}`
        : 'the crawl failed unexpectedly';
      addJobError(deps.db, jobId, { url: 'crawl', error }, deps.now());
      finishJob(deps.db, jobId, 'failed', deps.now());
    } catch (err) {
      // Nothing left to record the failure in; resumeJobs fails the job at the next start.
      deps.logger?.error({ err, jobId }, 'crawl could not be settled');
    }
  } finally {
    clearTimeout(budget);
    running.delete(controller);
  }
}

function formatBudget(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} seconds`;
}
