import { randomUUID } from 'node:crypto';
import type { JobKind, JobStatus } from '@amicus/contract';
import type { Db } from '../db/database.js';
import { rfc3339 } from '../knowledge/timestamps.js';
import { enqueueJobWebhook } from '../webhooks/enqueue.js';

/*
 * Counts of an ingest job (wire names):
 *   total      documents accepted by the upload
 *   processed  documents that reached a final state (succeeded + failed)
 *   succeeded  documents indexed (`ready`)
 *   failed     documents that failed, including duplicates and documents deleted before processing
 * The job ends `completed` when nothing failed, `completed_with_errors` when some documents failed
 * and some succeeded, `failed` when none succeeded. Crawl jobs keep their own counts (see crawl/).
 */
export interface IngestCounts {
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
}

export interface JobRow {
  id: string;
  account_id: string;
  kind: JobKind;
  namespace: string;
  status: JobStatus;
  params: string | null;
  document_ids: string;
  counts: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface JobErrorEntry {
  document_id?: string | null;
  url?: string;
  error: string;
}

export function createJob(
  db: Db,
  init: {
    accountId: string;
    kind: JobKind;
    namespace: string;
    counts: object;
    params?: object;
    documentIds?: string[];
  },
  now: Date,
): string {
  const id = randomUUID();
  const at = rfc3339(now);
  db.prepare(
    `INSERT INTO kb_jobs (id, seq, account_id, kind, namespace, status, params, document_ids, counts, created_at, updated_at)
     VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM kb_jobs), ?, ?, ?, 'processing', ?, ?, ?, ?, ?)`,
  ).run(
    id,
    init.accountId,
    init.kind,
    init.namespace,
    init.params ? JSON.stringify(init.params) : null,
    JSON.stringify(init.documentIds ?? []),
    JSON.stringify(init.counts),
    at,
    at,
  );
  return id;
}

export function getJob(db: Db, accountId: string, id: string, kind: JobKind): JobRow | undefined {
  return db
    .prepare('SELECT * FROM kb_jobs WHERE id = ? AND account_id = ? AND kind = ?')
    .get(id, accountId, kind) as JobRow | undefined;
}

export function getJobById(db: Db, id: string): JobRow | undefined {
  return db.prepare('SELECT * FROM kb_jobs WHERE id = ?').get(id) as JobRow | undefined;
}

export function addJobError(db: Db, jobId: string, entry: JobErrorEntry, now: Date): void {
  db.prepare('INSERT INTO kb_job_errors (job_id, document_id, url, error) VALUES (?, ?, ?, ?)').run(
    jobId,
    entry.document_id ?? null,
    entry.url ?? null,
    entry.error,
  );
  touch(db, jobId, now);
}

export function jobErrors(db: Db, jobId: string, kind: JobKind): JobErrorEntry[] {
  const rows = db
    .prepare('SELECT document_id, url, error FROM kb_job_errors WHERE job_id = ? ORDER BY seq')
    .all(jobId) as {
    document_id: string | null;
    url: string | null;
    error: string;
  }[];
  return rows.map((r) =>
    kind === 'ingest'
      ? { document_id: r.document_id, error: r.error }
      : { url: r.url ?? 'crawl', error: r.error },
  );
}

/** Applies `change` to the job's counts (read-modify-write is atomic: SQLite calls are synchronous). */
export function updateCounts<T extends object>(db: Db, jobId: string, change: (c: T) => void, now: Date): T {
  const row = db.prepare('SELECT counts FROM kb_jobs WHERE id = ?').get(jobId) as
    | { counts: string }
    | undefined;
  const counts = JSON.parse(row?.counts ?? '{}') as T;
  change(counts);
  db.prepare('UPDATE kb_jobs SET counts = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(counts),
    rfc3339(now),
    jobId,
  );
  return counts;
}

export function appendJobDocument(db: Db, jobId: string, documentId: string, now: Date): void {
  db.prepare(
    `UPDATE kb_jobs SET document_ids = json_insert(document_ids, '$[#]', ?), updated_at = ? WHERE id = ?`,
  ).run(documentId, rfc3339(now), jobId);
}

/**
 * Moves a job to its terminal state once, and queues its webhook in the same transaction so a
 * restart can neither lose nor duplicate it.
 */
export function finishJob(
  db: Db,
  jobId: string,
  status: Exclude<JobStatus, 'processing'>,
  now: Date,
): boolean {
  return db.transaction(() => {
    const changed = db
      .prepare(
        `UPDATE kb_jobs SET status = ?, updated_at = ?, finished_at = ? WHERE id = ? AND status = 'processing'`,
      )
      .run(status, rfc3339(now), rfc3339(now), jobId).changes;
    if (changed === 0) return false;
    const job = getJobById(db, jobId)!;
    enqueueJobWebhook(db, job, jobView(db, job), now);
    return true;
  })();
}

export function ingestTerminalStatus(c: IngestCounts): Exclude<JobStatus, 'processing'> {
  if (c.failed === 0) return 'completed';
  return c.succeeded > 0 ? 'completed_with_errors' : 'failed';
}

/** The job status object of the wire (GET /ingest/jobs/{id}, GET /ingest/crawl/{id}, webhooks). */
export function jobView(db: Db, job: JobRow): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: job.id,
    object: job.kind === 'ingest' ? 'ingest.job' : 'crawl.job',
    status: job.status,
    namespace: job.namespace,
  };
  if (job.kind === 'crawl' && job.params) {
    const p = JSON.parse(job.params) as Record<string, unknown>;
    view.seed_urls = p.seed_urls;
  }
  view.document_ids = JSON.parse(job.document_ids);
  view.counts = JSON.parse(job.counts);
  view.errors = jobErrors(db, job.id, job.kind);
  view.created_at = job.created_at;
  view.updated_at = job.updated_at;
  return view;
}

function touch(db: Db, jobId: string, now: Date): void {
  db.prepare('UPDATE kb_jobs SET updated_at = ? WHERE id = ?').run(rfc3339(now), jobId);
}
