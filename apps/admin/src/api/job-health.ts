import { CRAWL_BUDGET_MS } from '@amicus/contract';
import type { TrackedJob } from './job-tracker.js';

// "Nothing is ever shown as processing forever": a processing job gets a plain-language warning when
// it runs past what the service allows, or when we have not been able to confirm its status lately.

/** Uploads of 20 files of 25 MiB finish well inside this; past it, staff should be told. */
export const INGEST_EXPECTED_MS = 15 * 60 * 1000;
/** A crawl past its budget should be marked failed by the service within about a minute. */
export const CRAWL_GRACE_MS = 60 * 1000;
/** Status older than this is "not confirmed lately" (polls run every 5–15 s). */
export const UNCONFIRMED_MS = 60 * 1000;

export function elapsedMs(t: TrackedJob, now: number): number {
  const end = t.job.status === 'processing' ? now : Date.parse(t.job.updated_at);
  return Math.max(0, end - Date.parse(t.job.created_at));
}

/** A warning sentence for a job that looks stuck, or null. */
export function staleWarning(t: TrackedJob, now: number): string | null {
  if (t.job.status !== 'processing') return null;
  const age = elapsedMs(t, now);
  if (t.job.kind === 'crawl' && age > CRAWL_BUDGET_MS + CRAWL_GRACE_MS) {
    return 'This crawl has run past its 10-minute limit. The service should mark it failed soon; we keep checking.';
  }
  if (t.job.kind === 'ingest' && age > INGEST_EXPECTED_MS) {
    return 'This upload has been processing for over 15 minutes, which is unusual. Check the documents list, or upload the files again.';
  }
  if (now - t.checkedAt > UNCONFIRMED_MS) {
    const reason = t.checkError ? ` Last error: ${t.checkError}` : '';
    return `We could not confirm this job's status for over a minute.${reason}`;
  }
  return null;
}

export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}
