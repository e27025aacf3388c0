import type { WireJob } from '@amicus/protocol/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApi } from './admin-api.js';
import { JobTracker } from './job-tracker.js';

const job = (status: WireJob['status']): WireJob => ({
  id: 'j1',
  kind: 'ingest',
  namespace: 'general',
  status,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  created_by: 'admin',
  files: ['a.pdf'],
  document_ids: ['d1'],
  seed_urls: null,
  upstream: null,
});

/** Stands in for the browser's EventSource: the test dispatches the relay's frames itself. */
class FakeEventSource extends EventTarget {
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
  }
}

let tracker: JobTracker | undefined;
afterEach(() => tracker?.stop());

function setup(jobStatus: () => WireJob['status']) {
  const polled: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    polled.push(String(input));
    return new Response(JSON.stringify(job(jobStatus())), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  let source: FakeEventSource | undefined;
  tracker = new JobTracker(new AdminApi({ fetch: fetchFn }), {
    fallbackPollMs: 20,
    safetyPollMs: 10_000,
    tickMs: 5,
    createEventSource: (url) => {
      source = new FakeEventSource(url);
      return source as unknown as EventSource;
    },
  });
  return { polled, source: () => source!, tracker };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('JobTracker', () => {
  it('goes live on the ready frame and applies pushed job frames', async () => {
    const t = setup(() => 'processing');
    t.tracker.start();
    expect(t.source().url).toBe('/admin/api/events');
    t.source().dispatchEvent(new MessageEvent('ready', { data: '{}' }));
    expect(t.tracker.live.value).toBe('live');
    t.source().dispatchEvent(new MessageEvent('job', { data: JSON.stringify(job('completed')) }));
    expect(t.tracker.jobs.value.get('j1')?.job.status).toBe('completed');
  });

  it('polls processing jobs when the stream drops, and stops once they finish', async () => {
    let status: WireJob['status'] = 'processing';
    const t = setup(() => status);
    t.tracker.upsert(job('processing'));
    t.tracker.start();
    t.source().dispatchEvent(new Event('error'));
    expect(t.tracker.live.value).toBe('polling');
    await wait(80);
    expect(t.polled.filter((u) => u.endsWith('/jobs/j1')).length).toBeGreaterThan(0);
    status = 'completed';
    await wait(60);
    const count = t.polled.length;
    await wait(60);
    expect(t.tracker.jobs.value.get('j1')?.job.status).toBe('completed');
    expect(t.polled.length).toBe(count);
  });
});
