import type { WireJob } from '@amicus/protocol/admin';
import { signal } from '@preact/signals';
import type { AdminApi } from './admin-api.js';
import { describeError } from './errors.js';

export interface TrackedJob {
  job: WireJob;
  /** When the relay last confirmed this status (ms since epoch). */
  checkedAt: number;
  /** Why the last status check failed, or null. */
  checkError: string | null;
}

export type LiveState = 'connecting' | 'live' | 'polling';

export interface JobTrackerOptions {
  now?: () => number;
  /** Poll interval for processing jobs while the event stream is down. */
  fallbackPollMs?: number;
  /** Poll interval while the stream is up: webhooks are best effort, so we still check now and then. */
  safetyPollMs?: number;
  createEventSource?: (url: string) => EventSource;
  /** How often the poll timer wakes up to see whether a poll is due. */
  tickMs?: number;
}

/**
 * Keeps every job the app has seen up to date: pushed over SSE (`event: job`), and polled through
 * `GET /jobs/:id` for jobs still processing — fast while the stream is down, slowly while it is up.
 */
export class JobTracker {
  readonly jobs = signal<ReadonlyMap<string, TrackedJob>>(new Map());
  readonly live = signal<LiveState>('connecting');
  readonly listError = signal<string | null>(null);
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastPoll = 0;
  private readonly now: () => number;
  private readonly fallbackPollMs: number;
  private readonly safetyPollMs: number;
  private readonly createEventSource: (url: string) => EventSource;
  private readonly tickMs: number;

  constructor(
    private readonly api: AdminApi,
    {
      now = Date.now,
      fallbackPollMs = 5_000,
      safetyPollMs = 15_000,
      createEventSource = (url) => new EventSource(url),
      tickMs = 1_000,
    }: JobTrackerOptions = {},
  ) {
    this.now = now;
    this.fallbackPollMs = fallbackPollMs;
    this.safetyPollMs = safetyPollMs;
    this.createEventSource = createEventSource;
    this.tickMs = tickMs;
  }

  upsert(job: WireJob, checkError: string | null = null): void {
    const next = new Map(this.jobs.value);
    next.set(job.id, { job, checkedAt: this.now(), checkError });
    this.jobs.value = next;
  }

  start(): void {
    if (this.timer !== null) return;
    this.source = this.openStream();
    if (!this.source) this.live.value = 'polling';
    this.schedule();
  }

  private openStream(): EventSource | null {
    let es: EventSource;
    try {
      es = this.createEventSource(`${this.api.base}/events`);
    } catch {
      // No EventSource in this browser: polling alone keeps jobs current.
      return null;
    }
    es.addEventListener('ready', () => {
      this.live.value = 'live';
    });
    es.addEventListener('job', (e) => {
      try {
        this.upsert(JSON.parse((e as MessageEvent<string>).data) as WireJob);
      } catch {
        // A frame we cannot read is ignored: the next poll brings the same status.
      }
    });
    // EventSource reconnects by itself (the relay sends `retry: 5000`); until `ready` comes again,
    // the fast poll covers the gap.
    es.addEventListener('error', () => {
      this.live.value = 'polling';
    });
    return es;
  }

  stop(): void {
    this.source?.close();
    this.source = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async refreshList(): Promise<void> {
    try {
      const { data } = await this.api.listJobs(50);
      const next = new Map(this.jobs.value);
      const at = this.now();
      for (const job of data) next.set(job.id, { job, checkedAt: at, checkError: null });
      this.jobs.value = next;
      this.listError.value = null;
    } catch (err) {
      this.listError.value = describeError(err);
    }
  }

  /** Fetches one job's fresh status now (the job view calls this on open). */
  async check(id: string): Promise<void> {
    try {
      this.upsert(await this.api.getJob(id));
    } catch (err) {
      const prev = this.jobs.value.get(id);
      if (prev) {
        const next = new Map(this.jobs.value);
        next.set(id, { ...prev, checkError: describeError(err) });
        this.jobs.value = next;
      } else {
        throw err;
      }
    }
  }

  private schedule(): void {
    // A short tick; each tick polls only when the interval for the current state has passed.
    this.timer = setTimeout(() => {
      void this.tick().finally(() => {
        if (this.timer !== null) this.schedule();
      });
    }, this.tickMs);
  }

  private async tick(): Promise<void> {
    const interval = this.live.value === 'live' ? this.safetyPollMs : this.fallbackPollMs;
    if (this.now() - this.lastPoll < interval) return;
    this.lastPoll = this.now();
    const processing = [...this.jobs.value.values()].filter((t) => t.job.status === 'processing');
    await Promise.all(processing.map((t) => this.check(t.job.id).catch(() => {})));
  }
}
