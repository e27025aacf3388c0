import { describe, expect, it } from 'vitest';
import { expect400, expectError, UUID } from '../src/expect-error.js';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { waitForJob } from '../src/ingest.js';

const target = useTarget();

// A literal public address: validation needs no DNS. Requests that reach it are never made because
// every body below is invalid somewhere else.
const PUBLIC = 'http://93.184.215.14/';

const crawl = (json: Record<string, unknown>) =>
  call(target().url('/ingest/crawl'), 'POST', { key: target().ingestKey, json });
const valid = (extra: Record<string, unknown> = {}) => ({ namespace: 'web', seed_urls: [PUBLIC], ...extra });

describe('Crawl (POST /ingest/crawl)', () => {
  describe('body', () => {
    it('requires namespace (param namespace)', async () => {
      expect400(await crawl({ seed_urls: [PUBLIC] }), 'namespace');
    });

    it('rejects a namespace not matching the pattern (param namespace)', async () => {
      for (const namespace of ['Web', '_x', '', 5]) expect400(await crawl(valid({ namespace })), 'namespace');
    });

    it('requires 1 to 100 seed URLs (param seed_urls)', async () => {
      expect400(await crawl({ namespace: 'web' }), 'seed_urls');
      expect400(await crawl(valid({ seed_urls: [] })), 'seed_urls');
      expect400(await crawl(valid({ seed_urls: PUBLIC })), 'seed_urls');
      const many = Array.from({ length: 101 }, (_, i) => `${PUBLIC}page${i}`);
      expect400(await crawl(valid({ seed_urls: many })), 'seed_urls');
    });

    it('requires http or https URLs (param seed_urls[i])', async () => {
      for (const url of [
        'ftp://93.184.215.14/',
        'file:///etc/passwd',
        'not a url',
        'javascript:alert(1)',
        5,
      ]) {
        expect400(await crawl(valid({ seed_urls: [PUBLIC, url] })), 'seed_urls[1]');
      }
    });

    const nonPublic = [
      'http://127.0.0.1/',
      'http://10.0.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://[::1]/',
      'http://0.0.0.0/',
      'http://017700000001/',
      'http://127.1/',
      'http://0177.0.0.1/',
      'http://0x7f.0.0.1/',
      'http://localhost/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:169.254.169.254]/',
    ];
    for (const url of nonPublic) {
      it(`rejects the non-public seed ${url} with param seed_urls[i]`, async () => {
        expect400(await crawl(valid({ seed_urls: [url] })), 'seed_urls[0]');
        expect400(await crawl(valid({ seed_urls: [PUBLIC, url] })), 'seed_urls[1]');
      });
    }

    it('rejects a seed whose host is outside allowed_domains with param seed_urls[i]', async () => {
      const res = await crawl(valid({ seed_urls: [PUBLIC], allowed_domains: ['court.example'] }));
      expect400(res, 'seed_urls[0]');
    });

    it('checks max_pages 1 to 500, max_depth 1 to 10 and rate_limit_rps 0.1 to 10', async () => {
      for (const v of [0, 501, 1.5, '5']) expect400(await crawl(valid({ max_pages: v })), 'max_pages');
      for (const v of [0, 11, 2.5, '3']) expect400(await crawl(valid({ max_depth: v })), 'max_depth');
      for (const v of [0.09, 10.01, 0, '2'])
        expect400(await crawl(valid({ rate_limit_rps: v })), 'rate_limit_rps');
    });

    it('rejects a non-boolean respect_robots_txt and a non-array allowed_domains', async () => {
      expect400(await crawl(valid({ respect_robots_txt: 'true' })), 'respect_robots_txt');
      expect400(await crawl(valid({ allowed_domains: 'example.com' })), 'allowed_domains', { prefix: true });
    });
  });

  describe('crawl jobs', () => {
    it('returns crawl_job_id and status processing, then a job that ends with the 404 page as `HTTP 404`', {
      timeout: 120_000,
    }, async (ctx) => {
      const site = await need(ctx, () => target().crawlSite());
      const res = await call(`${site.baseUrl}/ingest/crawl`, 'POST', {
        key: site.ingestKey,
        json: {
          namespace: 'site',
          seed_urls: [site.seedUrl],
          max_pages: 10,
          max_depth: 2,
          rate_limit_rps: 10,
        },
      });
      expect(res.status, res.text).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
      const body = res.body as { crawl_job_id: string; status: string };
      expect(body.crawl_job_id).toMatch(UUID);
      expect(body.status).toBe('processing');
      const job = await waitForJob(
        `${site.baseUrl}/ingest/crawl/${body.crawl_job_id}`,
        site.ingestKey,
        100_000,
      );
      expect(Array.isArray(job.errors)).toBe(true);
      if (site.missingUrl) {
        expect(job.status, JSON.stringify(job)).toBe('completed_with_errors');
        expect(job.errors, JSON.stringify(job)).toContainEqual({ url: site.missingUrl, error: 'HTTP 404' });
      } else {
        expect(['completed', 'completed_with_errors']).toContain(job.status);
      }
      for (const e of job.errors as { url: string; error: string }[]) {
        expect(Object.keys(e).sort()).toEqual(['error', 'url']);
      }
    });

    it('accepts the boundary values max_pages 500, max_depth 10, rate_limit_rps 10 and 0.1', {
      timeout: 60_000,
    }, async (ctx) => {
      const site = await need(ctx, () => target().crawlSite());
      const start = (json: Record<string, unknown>) =>
        call(`${site.baseUrl}/ingest/crawl`, 'POST', {
          key: site.ingestKey,
          json: { namespace: 'bounds', seed_urls: [site.seedUrl], ...json },
        });
      const a = await start({ max_pages: 500, max_depth: 10, rate_limit_rps: 10 });
      expect(a.status, a.text).toBeLessThan(300);
      const b = await start({ max_pages: 1, max_depth: 1, rate_limit_rps: 0.1 });
      expect(b.status, b.text).toBeLessThan(300);
      await waitForJob(
        `${site.baseUrl}/ingest/crawl/${(a.body as { crawl_job_id: string }).crawl_job_id}`,
        site.ingestKey,
        50_000,
      );
    });

    it('stops at max_pages', { timeout: 120_000 }, async (ctx) => {
      const site = await need(ctx, () => target().crawlSite());
      const namespace = `pages${Date.now() % 100000}`;
      const res = await call(`${site.baseUrl}/ingest/crawl`, 'POST', {
        key: site.ingestKey,
        json: { namespace, seed_urls: [site.seedUrl], max_pages: 1, rate_limit_rps: 10 },
      });
      expect(res.status, res.text).toBeLessThan(300);
      const id = (res.body as { crawl_job_id: string }).crawl_job_id;
      await waitForJob(`${site.baseUrl}/ingest/crawl/${id}`, site.ingestKey, 100_000);
      const docs = await call(`${site.baseUrl}/documents?namespace=${namespace}`, 'GET', {
        key: site.ingestKey,
      });
      expect((docs.body as { data: unknown[] }).data).toHaveLength(1);
    });

    it('never contacts a non-public address reached through a redirect (checked on every hop)', {
      timeout: 120_000,
    }, async (ctx) => {
      const site = await need(ctx, () => target().crawlSite());
      if (!site.local) ctx.skip('needs a site the suite serves, to observe what the crawler asked for');
      const local = site.local!;
      const seeds = ['/to-loopback', '/to-localhost-other-port', '/to-metadata', '/links-out'].map(
        (p) => local.origin + p,
      );
      const res = await call(`${site.baseUrl}/ingest/crawl`, 'POST', {
        key: site.ingestKey,
        json: {
          namespace: 'ssrf',
          seed_urls: seeds,
          max_pages: 10,
          rate_limit_rps: 10,
          allowed_domains: ['localhost', '127.0.0.1'],
        },
      });
      expect(res.status, res.text).toBeLessThan(300);
      const id = (res.body as { crawl_job_id: string }).crawl_job_id;
      const job = await waitForJob(`${site.baseUrl}/ingest/crawl/${id}`, site.ingestKey, 100_000);
      expect(local.canaryHits).toEqual([]);
      expect(local.requested).toEqual(
        expect.arrayContaining(['/to-loopback', '/to-localhost-other-port', '/to-metadata']),
      );
      for (const e of job.errors as { url: string; error: string }[]) {
        // Sanitized: no internal addresses, stack traces or file paths in the error text.
        expect(e.error).not.toMatch(/ECONNREFUSED|at .*\(|\/work\/|node_modules/);
      }
    });

    it('skips pages robots.txt disallows when respect_robots_txt is true', {
      timeout: 120_000,
    }, async (ctx) => {
      const site = await need(ctx, () => target().crawlSite());
      if (!site.local) ctx.skip('needs a site the suite serves, to observe what the crawler asked for');
      const before = site.local!.requested.length;
      const res = await call(`${site.baseUrl}/ingest/crawl`, 'POST', {
        key: site.ingestKey,
        json: {
          namespace: 'robots',
          seed_urls: [site.seedUrl],
          max_pages: 20,
          rate_limit_rps: 10,
          respect_robots_txt: true,
        },
      });
      expect(res.status, res.text).toBeLessThan(300);
      const id = (res.body as { crawl_job_id: string }).crawl_job_id;
      const job = await waitForJob(`${site.baseUrl}/ingest/crawl/${id}`, site.ingestKey, 100_000);
      const asked = site.local!.requested.slice(before);
      const why = `asked ${JSON.stringify(asked)}; job ${JSON.stringify(job)}`;
      expect(asked, why).toContain('/fees');
      expect(asked, why).not.toContain('/private');
    });

    it('returns 404 not_found for unknown and malformed crawl job ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expectError(
          await call(target().url(`/ingest/crawl/${id}`), 'GET', { key: target().ingestKey }),
          404,
          {
            code: 'not_found',
          },
        );
      }
    });
  });
});
