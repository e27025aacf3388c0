import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { rfc3339 } from '../knowledge/timestamps.js';

const listeners = new WeakMap<Db, () => void>();

/** The dispatcher registers here so a newly queued delivery is sent at once, not at the next poll. */
export function onWebhookQueued(db: Db, listener: (() => void) | null): void {
  if (listener) listeners.set(db, listener);
  else listeners.delete(db);
}

/**
 * Queues the `ingest.completed` / `crawl.completed` delivery of a finished job when its account has a
 * webhook URL. The body is frozen now (the job status object plus `event` and `namespace`), so every
 * attempt sends the same bytes; UNIQUE(job_id) makes "once per job" hold even if called twice.
 */
export function enqueueJobWebhook(
  db: Db,
  job: { id: string; account_id: string; kind: 'ingest' | 'crawl'; namespace: string },
  view: Record<string, unknown>,
  now: Date,
): void {
  const account = db.prepare('SELECT webhook_url FROM accounts WHERE id = ?').get(job.account_id) as
    | { webhook_url: string | null }
    | undefined;
  if (!account?.webhook_url) return;
  const event = job.kind === 'ingest' ? 'ingest.completed' : 'crawl.completed';
  const body = JSON.stringify({ ...view, event, namespace: job.namespace });
  db.prepare(
    `INSERT OR IGNORE INTO kb_webhook_deliveries (id, account_id, job_id, event, body, attempts, next_attempt_at, status, created_at)
     VALUES (?, ?, ?, ?, ?, 0, ?, 'pending', ?)`,
  ).run(randomUUID(), job.account_id, job.id, event, body, now.getTime(), rfc3339(now));
  const listener = listeners.get(db);
  if (listener) queueMicrotask(listener);
}
