import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertAccount, tempDeps } from '../../test/fixtures/temp-deps.js';
import { createJob, finishJob } from '../ingest/jobs.js';
import { startWebhookDispatcher } from './dispatcher.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: { url: string; received: Received[]; answer: number[]; close(): Promise<void> };
let deps: ReturnType<typeof tempDeps>;

beforeEach(async () => {
  const received: Received[] = [];
  const answer: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answer.shift() ?? 200;
      res.writeHead(status, status === 302 ? { location: '/elsewhere' } : {}).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answer,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  deps = tempDeps();
});
afterEach(async () => {
  deps.close();
  await receiver.close();
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function finishIngestJob(accountId: string): string {
  const id = createJob(
    deps.db,
    {
      accountId,
      kind: 'ingest',
      namespace: 'court',
      counts: { total: 0, processed: 0, succeeded: 0, failed: 0 },
    },
    deps.now(),
  );
  finishJob(deps.db, id, 'completed', deps.now());
  return id;
}

describe('webhook dispatcher', () => {
  it('sends ingest.completed once with the job body, event, namespace and a valid signature', async () => {
    insertAccount(deps, 'acc', { url: receiver.url, secret: 'whsec_test' });
    const dispatcher = startWebhookDispatcher(deps, { delaysMs: [0, 20, 40], pollMs: 10 });
    const jobId = finishIngestJob('acc');
    finishJob(deps.db, jobId, 'failed', new Date()); // a second finish is ignored: once per job
    await until(() => receiver.received.length === 1);
    await new Promise((r) => setTimeout(r, 60));
    dispatcher.stop();
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received as [Received];
    const parsed = JSON.parse(body);
    expect(parsed).toMatchObject({
      id: jobId,
      object: 'ingest.job',
      status: 'completed',
      event: 'ingest.completed',
      namespace: 'court',
      errors: [],
    });
    expect(headers['x-svc-event']).toBe('ingest.completed');
    expect(headers['x-svc-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    const sig = String(headers['x-svc-signature']);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
    expect(m).not.toBeNull();
    expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(5);
    expect(m![2]).toBe(createHmac('sha256', 'whsec_test').update(`${m![1]}.${body}`).digest('hex'));
  });

  it('retries three times with the same delivery id and a fresh signature, treating redirects as failures', async () => {
    insertAccount(deps, 'acc', { url: receiver.url, secret: 's' });
    receiver.answer.push(500, 302, 500);
    let clock = Date.now();
    deps.now = () => new Date(clock);
    const dispatcher = startWebhookDispatcher(deps, { delaysMs: [0, 30_000, 300_000], pollMs: 5 });
    finishIngestJob('acc');
    // The clock moves only once the dispatcher has recorded the failed attempt: otherwise the
    // retry would be scheduled from the moved clock.
    const recorded = (n: number) => () =>
      (deps.db.prepare('SELECT attempts FROM kb_webhook_deliveries').get() as { attempts: number })
        .attempts === n;
    await until(recorded(1));
    await new Promise((r) => setTimeout(r, 30));
    expect(receiver.received).toHaveLength(1); // the next attempt waits 30 s of our clock
    clock += 30_000;
    await until(recorded(2));
    clock += 300_000;
    await until(recorded(3));
    clock += 3_600_000;
    await new Promise((r) => setTimeout(r, 40));
    dispatcher.stop();
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['x-svc-delivery-id']));
    expect(ids.size).toBe(1);
    const stamps = receiver.received.map((r) => String(r.headers['x-svc-signature']).split(',')[0]);
    expect(new Set(stamps).size).toBe(3);
    expect(receiver.received.every((r) => r.body === receiver.received[0]!.body)).toBe(true);
    const row = deps.db.prepare('SELECT status, attempts FROM kb_webhook_deliveries').get();
    expect(row).toEqual({ status: 'dropped', attempts: 3 });
  });

  it('resumes a pending delivery after a restart', async () => {
    insertAccount(deps, 'acc', { url: receiver.url, secret: 's' });
    finishIngestJob('acc'); // queued while no dispatcher runs (the server stopped)
    expect(receiver.received).toHaveLength(0);
    const dispatcher = startWebhookDispatcher(deps, { pollMs: 10 });
    await until(() => receiver.received.length === 1);
    dispatcher.stop();
  });

  it('sends no signature header without a secret and nothing without a URL', async () => {
    insertAccount(deps, 'nosecret', { url: receiver.url, secret: null });
    insertAccount(deps, 'nourl');
    const dispatcher = startWebhookDispatcher(deps, { pollMs: 10 });
    finishIngestJob('nourl');
    finishIngestJob('nosecret');
    await until(() => receiver.received.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    dispatcher.stop();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['x-svc-signature']).toBeUndefined();
  });
});
