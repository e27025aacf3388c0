import { isJobStatus, type JobKind, type JobStatus } from '@amicus/contract';
import type { WireJob } from '@amicus/protocol/admin';
import type { SqlClient } from '../storage/sql.js';

// Jobs are stored and sent as the admin API's Job object (`WireJob`, docs/admin-api.md).

interface JobRow {
  id: string;
  kind: JobKind;
  namespace: string;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  files: unknown;
  document_ids: unknown;
  seed_urls: unknown;
  upstream: unknown;
}

const COLUMNS =
  'id, kind, namespace, status, created_at, updated_at, created_by, files, document_ids, seed_urls, upstream';

// node-postgres and PGlite both parse JSONB, but a driver configured otherwise hands back text.
function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toJob(row: JobRow): WireJob {
  // Only this module writes the column, and only contract states (insertJob's type, updateJobStatus's
  // check); anything else is a row written by something else, which we refuse to pass on as a job.
  if (!isJobStatus(row.status)) throw new Error(`admin_jobs row ${row.id} has an unknown status`);
  return {
    id: row.id,
    kind: row.kind,
    namespace: row.namespace,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    created_by: row.created_by,
    files: json<string[]>(row.files),
    document_ids: json<string[]>(row.document_ids),
    seed_urls: json<string[]>(row.seed_urls),
    upstream: json<Record<string, unknown>>(row.upstream),
  };
}

export interface NewJob {
  id: string;
  kind: JobKind;
  namespace: string;
  status: JobStatus;
  createdBy: string;
  files?: string[];
  documentIds?: string[];
  seedUrls?: string[];
}

export async function insertJob(sql: SqlClient, job: NewJob, now: Date): Promise<WireJob> {
  const rows = await sql.query<JobRow>(
    `INSERT INTO admin_jobs (id, kind, namespace, status, created_at, updated_at, created_by, files, document_ids, seed_urls)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb)
     ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [
      job.id,
      job.kind,
      job.namespace,
      job.status,
      now.toISOString(),
      job.createdBy,
      job.files ? JSON.stringify(job.files) : null,
      job.documentIds ? JSON.stringify(job.documentIds) : null,
      job.seedUrls ? JSON.stringify(job.seedUrls) : null,
    ],
  );
  return toJob(rows[0]!);
}

export async function findJob(sql: SqlClient, id: string): Promise<WireJob | null> {
  const rows = await sql.query<JobRow>(`SELECT ${COLUMNS} FROM admin_jobs WHERE id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : null;
}

export async function listJobs(
  sql: SqlClient,
  q: { limit: number; kind?: JobKind; status?: JobStatus },
): Promise<WireJob[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.kind) {
    params.push(q.kind);
    where.push(`kind = $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`status = $${params.length}`);
  }
  params.push(q.limit);
  const rows = await sql.query<JobRow>(
    `SELECT ${COLUMNS} FROM admin_jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toJob);
}

/**
 * Stores the latest upstream status object. Returns the job and whether anything changed, so the
 * caller only pushes an SSE event for real progress.
 */
export async function updateJobStatus(
  sql: SqlClient,
  id: string,
  upstream: Record<string, unknown>,
  now: Date,
): Promise<{ job: WireJob; changed: boolean } | null> {
  const before = await findJob(sql, id);
  if (!before) return null;
  // Only the contract's states are taken over; anything else keeps the status we had.
  const status = isJobStatus(upstream.status) ? upstream.status : before.status;
  const changed = before.status !== status || JSON.stringify(before.upstream) !== JSON.stringify(upstream);
  if (!changed) return { job: before, changed };
  const rows = await sql.query<JobRow>(
    `UPDATE admin_jobs SET status = $2, upstream = $3::jsonb, updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, status, JSON.stringify(upstream), now.toISOString()],
  );
  return { job: toJob(rows[0]!), changed };
}

/** Jobs changed after `since` (by any relay instance sharing the database), oldest change first. */
export async function jobsUpdatedSince(sql: SqlClient, since: Date): Promise<WireJob[]> {
  const rows = await sql.query<JobRow>(
    `SELECT ${COLUMNS} FROM admin_jobs WHERE updated_at > $1 ORDER BY updated_at ASC LIMIT 200`,
    [since.toISOString()],
  );
  return rows.map(toJob);
}

export async function touchNamespace(sql: SqlClient, name: string, now: Date | null): Promise<void> {
  await sql.query(
    `INSERT INTO admin_namespaces (name, last_used_at) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET last_used_at = COALESCE(EXCLUDED.last_used_at, admin_namespaces.last_used_at)`,
    [name, now?.toISOString() ?? null],
  );
}
