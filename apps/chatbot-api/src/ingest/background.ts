import { stopCrawls } from '../crawl/crawler.js';
import type { AppDeps } from '../deps.js';
import { startWebhookDispatcher, type WebhookDispatcherOptions } from '../webhooks/dispatcher.js';
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
 * and the webhook dispatcher (which also resends deliveries left pending by a restart).
 */
export function startBackgroundWork(deps: AppDeps, webhooks: WebhookDispatcherOptions = {}): BackgroundWork {
  resumeJobs(deps);
  const worker = ingestWorker(deps);
  const dispatcher = startWebhookDispatcher(deps, webhooks);
  return {
    stop() {
      worker.stop();
      dispatcher.stop();
      stopCrawls(deps);
    },
    idle: () => worker.idle(),
  };
}
