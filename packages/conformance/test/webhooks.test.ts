import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UUID } from '../src/expect-error.js';
import { textFile } from '../src/files/sample-files.js';
import { need, sleep, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { upload, waitForJob } from '../src/ingest.js';

const target = useTarget();

describe('Webhooks', () => {
  it('sends one signed ingest.completed per job with the job status object plus event and namespace', {
    timeout: 60_000,
  }, async (ctx) => {
    const { receiver, secret } = await need(ctx, () => target().webhookReceiver());
    const word = target().headerWord.toLowerCase();
    const res = await upload(
      target().baseUrl,
      target().ingestKey,
      [textFile(`hook-${Date.now()}.txt`, 'Webhook test file.')],
      'hooks',
    );
    expect(res.status, res.text).toBeLessThan(300);
    const jobId = (res.body as { job_id: string }).job_id;
    const job = await waitForJob(target().url(`/ingest/jobs/${jobId}`), target().ingestKey);
    const isThisJob = (raw: Buffer) => raw.toString('utf8').includes(jobId);
    const d = await receiver.waitFor((x) => isThisJob(x.raw));

    expect(d.headers['content-type']).toMatch(/^application\/json/);
    expect(d.headers[`x-${word}-event`]).toBe('ingest.completed');
    expect(d.headers[`x-${word}-delivery-id`]).toMatch(UUID);
    const body = JSON.parse(d.raw.toString('utf8')) as Record<string, unknown>;
    expect(body.event).toBe('ingest.completed');
    expect(body.namespace).toBe('hooks');
    expect(body.status).toBe(job.status);
    expect(body.errors).toEqual(job.errors);
    // The body is the job status object plus event and namespace.
    for (const [k, v] of Object.entries(job)) expect(body[k], k).toEqual(v);

    const signature = d.headers[`x-${word}-signature`];
    if (secret === null) {
      expect(signature).toBeUndefined();
    } else {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature as string)!;
      const expected = createHmac('sha256', secret).update(`${t}.`).update(d.raw).digest('hex');
      expect(v1).toBe(expected);
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    }

    // One delivery per job: nothing more arrives for it.
    await sleep(2_000);
    expect(receiver.deliveries.filter((x) => isThisJob(x.raw))).toHaveLength(1);
  });

  it('sends ingest.completed for a job that ends completed_with_errors or failed too', {
    timeout: 60_000,
  }, async (ctx) => {
    const { receiver } = await need(ctx, () => target().webhookReceiver());
    const { pdf } = await import('../src/files/sample-files.js');
    const res = await upload(target().baseUrl, target().ingestKey, [
      { filename: `scan-${Date.now()}.pdf`, content: pdf(null), contentType: 'application/pdf' },
    ]);
    if (res.status === 400)
      ctx.skip('the implementation rejects a text-less PDF at upload: no failing job to observe');
    const jobId = (res.body as { job_id: string }).job_id;
    const job = await waitForJob(target().url(`/ingest/jobs/${jobId}`), target().ingestKey);
    expect(['completed_with_errors', 'failed']).toContain(job.status);
    const d = await receiver.waitFor((x) => x.raw.toString('utf8').includes(jobId));
    expect((JSON.parse(d.raw.toString('utf8')) as { status: string }).status).toBe(job.status);
  });

  it('sends crawl.completed when a crawl job finishes', { timeout: 120_000 }, async (ctx) => {
    const { receiver } = await need(ctx, () => target().webhookReceiver());
    const site = await need(ctx, () => target().crawlSite());
    const res = await call(`${site.baseUrl}/ingest/crawl`, 'POST', {
      key: site.ingestKey,
      json: { namespace: 'hooks', seed_urls: [site.seedUrl], max_pages: 2, max_depth: 1 },
    });
    const id = (res.body as { crawl_job_id: string }).crawl_job_id;
    await waitForJob(`${site.baseUrl}/ingest/crawl/${id}`, site.ingestKey, 110_000);
    const d = await receiver.waitFor((x) => x.raw.toString('utf8').includes(id));
    expect(d.headers[`x-${target().headerWord.toLowerCase()}-event`]).toBe('crawl.completed');
    const body = JSON.parse(d.raw.toString('utf8')) as Record<string, unknown>;
    expect(body.event).toBe('crawl.completed');
    expect(body.namespace).toBe('hooks');
    expect(Array.isArray(body.errors)).toBe(true);
  });

  it('sends no X-SVC-Signature when the account has no signing secret', { timeout: 60_000 }, async (ctx) => {
    const svc = await need(ctx, () => target().unsignedWebhook());
    const res = await upload(svc.baseUrl, svc.ingestKey, [
      textFile(`unsigned-${Date.now()}.txt`, 'Unsigned webhook.'),
    ]);
    const jobId = (res.body as { job_id: string }).job_id;
    const d = await svc.receiver.waitFor((x) => x.raw.toString('utf8').includes(jobId), 30_000);
    expect(d.headers[`x-${target().headerWord.toLowerCase()}-event`]).toBe('ingest.completed');
    expect(d.headers[`x-${target().headerWord.toLowerCase()}-signature`]).toBeUndefined();
  });

  it('does not follow redirects and retries after 30 seconds with the same delivery id and a fresh signature', {
    timeout: 90_000,
  }, async (ctx) => {
    const { receiver, secret } = await need(ctx, () => target().webhookReceiver());
    const word = target().headerWord.toLowerCase();
    const marker = `retry-${Date.now()}`;
    // The first delivery of this job (namespace `retries`) is answered with a redirect: it must not be
    // followed, and counts as a failed attempt.
    let redirected = false;
    receiver.setResponder((d) => {
      if (!redirected && d.raw.toString('utf8').includes('"retries"')) {
        redirected = true;
        return { status: 307, headers: { location: '/moved' } };
      }
      return { status: 200 };
    });
    const res = await upload(
      target().baseUrl,
      target().ingestKey,
      [textFile(`${marker}.txt`, 'Retry me.')],
      'retries',
    );
    const jobId = (res.body as { job_id: string }).job_id;
    const ofJob = () => receiver.deliveries.filter((x) => x.raw.toString('utf8').includes(jobId));
    const first = await receiver.waitFor((x) => x.raw.toString('utf8').includes(jobId), 20_000);
    await sleep(3_000);
    expect(receiver.deliveries.filter((x) => x.path.endsWith('/moved'))).toHaveLength(0);
    expect(ofJob()).toHaveLength(1);
    const second = await receiver.waitFor(
      (x) => x !== first && x.raw.toString('utf8').includes(jobId),
      45_000,
    );
    const gap = (second.receivedAt - first.receivedAt) / 1000;
    expect(gap).toBeGreaterThanOrEqual(28);
    expect(gap).toBeLessThanOrEqual(45);
    expect(second.headers[`x-${word}-delivery-id`]).toBe(first.headers[`x-${word}-delivery-id`]);
    if (secret !== null) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(second.headers[`x-${word}-signature`] as string)!;
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.`).update(second.raw).digest('hex'));
      expect(second.headers[`x-${word}-signature`]).not.toBe(first.headers[`x-${word}-signature`]);
    }
  });
});
