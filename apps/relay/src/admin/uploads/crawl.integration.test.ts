import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import type { WireJob } from '@amicus/protocol/admin';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../../testing.js';
import { AdminTestClient } from '../testing/admin-client.js';

// The in-repo copy of ../shared/fixtures/ada-site, so a fresh clone's tests do not depend on where shared/ is.
const ADA_SITE = new URL('../../../../chatbot-api/test/fixtures/ada-site/', import.meta.url);

// The demo court site, served locally, crawled by the real chatbot-api through the relay.
let site: Server;
let siteUrl: string;
let api: TestChatbotApi;
let relay: TestRelay;
let admin: AdminTestClient;
let crawlSupported = false;

beforeAll(async () => {
  const app = express();
  app.use(express.static(fileURLToPath(ADA_SITE)));
  site = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => site.once('listening', () => resolve()));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  api = await startTestChatbotApi({ crawlAllowHosts: ['127.0.0.1'] });
  relay = await startTestRelay({
    upstreamBaseUrl: api.url,
    chatKey: api.chatKey,
    ingestKey: api.ingestKey,
    allowedOrigins: ['https://court.example'],
  });
  admin = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
  // The upstream's crawler may not be built yet; its absence shows as an unknown route.
  const probe = await fetch(`${api.url}/ingest/crawl`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  crawlSupported = probe.status !== 404;
});
afterAll(async () => {
  await relay?.close();
  await api?.close();
  site?.closeAllConnections();
  site?.close();
});

describe('crawls through the relay', () => {
  it('starts a crawl with the contract defaults, then reports its final status and errors', async (ctx) => {
    if (!crawlSupported) ctx.skip();
    const start = await admin.send<WireJob>('POST', '/crawls', {
      namespace: 'ada-site',
      seed_urls: [`${siteUrl}/`],
      max_pages: 5,
      max_depth: 2,
      rate_limit_rps: 10,
    });
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ kind: 'crawl', namespace: 'ada-site', status: 'processing' });
    let job = start.body;
    for (let i = 0; i < 300 && job.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await admin.json<WireJob>(`/jobs/${start.body.id}`)).body;
    }
    expect(job.status).not.toBe('processing');
    expect(Array.isArray(job.upstream?.errors)).toBe(true);
    expect(job.upstream?.counts).toEqual(expect.objectContaining({ pages_crawled: expect.any(Number) }));
    const docs = await admin.json<{ data: { source_type: string }[] }>(
      '/documents?namespace=ada-site&source_type=crawl',
    );
    expect(docs.body.data.length).toBeGreaterThan(0);
    const audit = await admin.json<{ data: { action: string; result: string }[] }>(
      '/audit?action=crawl.create',
    );
    expect(audit.body.data[0]).toMatchObject({ result: 'success' });
  });
});
