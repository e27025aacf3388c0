import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../deps.js';
import { markDocumentFailed } from '../knowledge/store.js';
import { attemptsPath } from './attempts.js';
import { addJobError, finishJob, type IngestCounts } from './jobs.js';
import { recordFailure } from './process-document.js';
import { uploadDir } from './upload.js';
import { closeFinishedJobs, ingestWorker } from './worker.js';

export const INTERRUPTED = 'processing was interrupted by a server restart';
export const CRAWL_INTERRUPTED = 'the crawl was interrupted by a server restart';

/**
 * Run once at start, before serving: nothing stays `processing` forever.
 * - Uploaded documents whose spooled file survived are indexed again by the worker (resumed).
 * - Documents that were being indexed from memory (a seeded site, a crawled page) or whose file is
 *   gone fail with an error entry on their job.
 * - Crawl jobs fail with a `url: "crawl"` entry: a crawl is not resumed (its frontier is not stored).
 * - Ingest jobs left with nothing to do are closed; a seed job cut short ends with an entry saying so.
 * - Spooled files nothing waits for are deleted: half-received uploads (`*.part`, from a request cut
 *   off by the stop) and files of documents indexed just before it. The attempt count of a file
 *   that waits is kept: an upload that stopped the server twice is failed, not retried (attempts.ts).
 */
export function resumeJobs(deps: AppDeps): void {
  const { db } = deps;
  removeOrphanUploads(deps, uploadDir(deps.dataDir));
  const now = deps.now();
  const jobs = db.prepare(`SELECT id, kind, counts FROM kb_jobs WHERE status = 'processing'`).all() as {
    id: string;
    kind: 'ingest' | 'crawl';
    counts: string;
  }[];
  const stuckDocs = db.prepare(
    `SELECT id, spool_path FROM kb_documents WHERE job_id = ? AND status = 'processing'`,
  );
  for (const job of jobs) {
    for (const doc of stuckDocs.all(job.id) as { id: string; spool_path: string | null }[]) {
      if (doc.spool_path && existsSync(doc.spool_path) && job.kind === 'ingest') continue;
      markDocumentFailed(db, doc.id, INTERRUPTED, now);
      if (job.kind === 'ingest') recordFailure(db, job.id, doc.id, INTERRUPTED, now);
    }
    if (job.kind === 'crawl') {
      addJobError(db, job.id, { url: 'crawl', error: CRAWL_INTERRUPTED }, now);
      finishJob(db, job.id, 'failed', now);
      continue;
    }
    const counts = JSON.parse(job.counts) as IngestCounts;
    const waiting = db
      .prepare(`SELECT COUNT(*) AS n FROM kb_documents WHERE job_id = ? AND status = 'processing'`)
      .get(job.id) as { n: number };
    if (waiting.n === 0 && counts.processed < counts.total) {
      addJobError(db, job.id, { document_id: null, error: INTERRUPTED }, now);
      finishJob(db, job.id, counts.succeeded > 0 ? 'completed_with_errors' : 'failed', now);
    }
  }
  closeFinishedJobs(deps);
  ingestWorker(deps).kick();
}

function removeOrphanUploads(deps: AppDeps, dir: string): void {
  if (!existsSync(dir)) return;
  const spooled = deps.db
    .prepare(`SELECT spool_path FROM kb_documents WHERE status = 'processing' AND spool_path IS NOT NULL`)
    .pluck()
    .all() as string[];
  const waiting = new Set([...spooled, ...spooled.map(attemptsPath)]);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!waiting.has(path)) rmSync(path, { force: true });
  }
}
