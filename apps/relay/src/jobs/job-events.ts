import type { WireJob } from '@amicus/protocol/admin';
import type { SqlClient } from '../storage/sql.js';
import { jobsUpdatedSince } from './jobs.js';

export type JobListener = (job: WireJob) => void;

// How often an instance with open event streams looks for job changes other instances wrote.
export const WATCH_INTERVAL_MS = 2_000;

/**
 * Fan-out of job updates to this instance's admin SSE streams. Updates made here are pushed at
 * once; while anyone listens, the shared jobs table is also watched, so a webhook received by
 * another relay instance behind the same load balancer still reaches these streams.
 */
export class JobEvents {
  private readonly listeners = new Set<JobListener>();
  private readonly lastSent = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private since: Date | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly intervalMs = WATCH_INTERVAL_MS,
  ) {}

  subscribe(listener: JobListener, now: Date): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.since ??= now;
      this.timer = setInterval(() => void this.poll(), this.intervalMs);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  publish(job: WireJob): void {
    // The same version of a job goes out once, whether it came from here or from the watcher.
    if (this.lastSent.get(job.id) === job.updated_at) return;
    this.lastSent.set(job.id, job.updated_at);
    if (this.lastSent.size > 1000) this.lastSent.delete(this.lastSent.keys().next().value as string);
    for (const listener of this.listeners) listener(job);
  }

  private async poll(): Promise<void> {
    if (!this.since) return;
    try {
      const jobs = await jobsUpdatedSince(this.sql, this.since);
      for (const job of jobs) {
        const at = new Date(job.updated_at);
        if (at > this.since) this.since = at;
        this.publish(job);
      }
    } catch {
      // A failed look is retried on the next tick; the admin app polls jobs as well.
    }
  }
}

// The admin router and the webhook router are built separately from the same deps; keying the hub
// on the shared SQL client lets both find it without relay-core wiring an extra collaborator.
const hubs = new WeakMap<SqlClient, JobEvents>();

export function jobEventsFor(sql: SqlClient): JobEvents {
  let hub = hubs.get(sql);
  if (!hub) {
    hub = new JobEvents(sql);
    hubs.set(sql, hub);
  }
  return hub;
}
