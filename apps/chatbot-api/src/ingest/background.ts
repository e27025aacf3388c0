import { stopCrawls } from '../crawl/crawler.js';
import type { AppDeps } from '../deps.js';
import { backfillSpanishIndex } from '../knowledge/spanish-backfill.js';
import { startWebhookDispatcher, type WebhookDispatcherOptions } from '../webhooks/dispatcher.js';
import { stopParseWorkers } from './isolated-parse.js';
import { resumeJobs } from './resume.js';
import { ingestWorker } from './worker.js';

export interface BackgroundWork {
  /** Stops the worker, the dispatcher and running crawls (pending work stays in the database for the next start). */
  stop(): void;
  /** Resolves when the ingest worker has nothing left to do (tests). */
  idle(): Promise<void>;
}

/**
 * Call once at start (main.ts, the test harness): resumes interrupted jobs, runs the ingest worker
 * and the webhook dispatcher (which also resends deliveries left pending by a restart), and
 * completes the Spanish-stem index of a database upgraded from before it existed.
 */
export function startBackgroundWork(deps: AppDeps, webhooks: WebhookDispatcherOptions = {}): BackgroundWork {
  resumeJobs(deps);
  const worker = ingestWorker(deps);
  const dispatcher = startWebhookDispatcher(deps, webhooks);
  let stopped = false;
  const backfill = backfillSpanishIndex(deps.db, { stopped: () => stopped }).catch((err: unknown) => {
    // Search keeps working on the English index; the cursor is kept, so the next start retries.
    deps.logger?.error({ err }, 'the Spanish index backfill stopped on an error');
  });
  return {
    stop() {
      stopped = true;
      worker.stop();
      dispatcher.stop();
      stopCrawls(deps);
      stopParseWorkers();
    },
    idle: async () => {
      await backfill;
      await worker.idle();
    },
  };
}
