import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipPieces } from '../../test/fixtures/deflated-zip.js';
import type { Json } from '../../test/fixtures/json.js';
import { ADA_SITE_DIR } from '../../test/fixtures/paths.js';
import { type StaticSite, serveStaticSite } from '../../test/fixtures/static-site.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { gunzipPrefix, MAX_SITEMAP_BYTES } from './sitemap.js';

/*
 * Issue 10, item 6: a 1 MB gzip sitemap inflated to 2.2 GB and stalled /health for 6 s, and a
 * robots.txt `Sitemap:` on another host was fetched outside allowed_domains. Replayed over HTTP
 * against the real server and crawled sites of our own.
 */

const MiB = 1024 * 1024;
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>The ${title} page of the court, with opening hours and fees.</p></main></body></html>`;
const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
};
const send =
  (type: string, body: (origin: string) => string | Buffer) =>
  (_req: unknown, res: import('node:http').ServerResponse, origin: string) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body(origin));
  };

async function crawl(api: TestChatbotApi, body: object): Promise<Json> {
  const res = await fetch(`${api.url}/ingest/crawl`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  const { crawl_job_id: id } = (await res.json()) as Json;
  for (let i = 0; i < 400; i++) {
    const job = (await (
      await fetch(`${api.url}/ingest/crawl/${id}`, { headers: { authorization: `Bearer ${api.ingestKey}` } })
    ).json()) as Json;
    if (job.status !== 'processing') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('crawl did not finish');
}

describe('gunzipPrefix', () => {
  it('stops inflating at the limit', async () => {
    const out = await gunzipPrefix(gzipPieces(['<urlset>', { zeros: 64 * MiB }]), 1024);
    expect(out.length).toBe(1024);
    expect(out.subarray(0, 8).toString()).toBe('<urlset>');
  });
});

describe('crawling a site whose sitemaps attack the crawler', () => {
  let site: StaticSite;
  let other: StaticSite;
  let api: TestChatbotApi;
  let job: Json;
  const healthStatuses: number[] = [];
  let slowestHealth = 0;
  beforeAll(async () => {
    // A second host: the same loopback server address under another name and port.
    other = await serveStaticSite(ADA_SITE_DIR, {
      routes: {
        '/sitemap.xml': send(
          'application/xml',
          () => '<urlset><url><loc>http://localhost/x</loc></url></urlset>',
        ),
        '/child.xml': send('application/xml', () => '<urlset></urlset>'),
      },
    });
    const otherOrigin = `http://localhost:${new URL(other.origin).port}`;
    site = await serveStaticSite(ADA_SITE_DIR, {
      routes: {
        '/': html(page('Home')),
        '/early/': html(page('Early')),
        '/late/': html(page('Late')),
        '/robots.txt': send(
          'text/plain',
          (origin) =>
            `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml.gz\nSitemap: ${otherOrigin}/sitemap.xml\nSitemap: ${origin}/index.xml\n`,
        ),
        // 1 MiB of gzip that inflates to 1 GiB of padding, with one page listed before it and one after.
        '/sitemap.xml.gz': send('application/gzip', (origin) =>
          gzipPieces([
            `<?xml version="1.0"?><urlset><url><loc>${origin}/early/</loc></url>`,
            { zeros: 1024 * MiB },
            `<url><loc>${origin}/late/</loc></url></urlset>`,
          ]),
        ),
        '/index.xml': send(
          'application/xml',
          () => `<sitemapindex><sitemap><loc>${otherOrigin}/child.xml</loc></sitemap></sitemapindex>`,
        ),
      },
    });
    api = await startTestChatbotApi({
      crawlAllowHosts: [new URL(site.origin).host, new URL(otherOrigin).host],
    });
    // The crawl runs once; /health is asked every 20 ms meanwhile.
    const running = crawl(api, {
      namespace: 'bomb',
      seed_urls: [`${site.origin}/`],
      max_pages: 5,
      rate_limit_rps: 10,
    });
    let done = false;
    void running.finally(() => {
      done = true;
    });
    while (!done) {
      const t = performance.now();
      healthStatuses.push((await fetch(`${api.serverUrl}/health`)).status);
      slowestHealth = Math.max(slowestHealth, performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    job = await running;
  });
  afterAll(async () => {
    await api.close();
    await site.close();
    await other.close();
  });

  it('reads a gzip sitemap bomb only up to the limit while /health keeps answering', () => {
    expect(MAX_SITEMAP_BYTES).toBeLessThan(1024 * MiB);
    expect(job.status).toBe('completed');
    expect(site.requests).toContain('/sitemap.xml.gz');
    expect(site.requests).toContain('/early/');
    // Listed after the first 10 MiB of the inflated sitemap: never read, so never fetched.
    expect(site.requests).not.toContain('/late/');
    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(healthStatuses.every((s) => s === 200)).toBe(true);
    // Loose: the old synchronous inflation held the event loop for seconds.
    expect(slowestHealth).toBeLessThan(1000);
  });

  it('does not fetch a Sitemap: that robots.txt or a sitemap index names on a host outside allowed_domains', () => {
    expect(site.requests).toContain('/robots.txt');
    expect(site.requests).toContain('/index.xml');
    expect(other.requests).toEqual([]);
  });
});
