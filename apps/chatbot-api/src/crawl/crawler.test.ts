import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../test/fixtures/json.js';
import { ADA_SITE_DIR } from '../../test/fixtures/paths.js';
import { type StaticSite, serveStaticSite } from '../../test/fixtures/static-site.js';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import type { AppDeps } from '../deps.js';
import { createJob, getJobById, jobView } from '../ingest/jobs.js';
import { extractHtml } from '../knowledge/html-extract.js';
import { searchPassages } from '../knowledge/search.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { type CrawlParams, runCrawl } from './crawler.js';

let site: StaticSite;
let api: TestChatbotApi;
beforeAll(async () => {
  site = await serveStaticSite(ADA_SITE_DIR);
  api = await startTestChatbotApi({ crawlAllowHosts: [new URL(site.origin).host] });
});
afterAll(async () => {
  await api.close();
  await site.close();
});

async function startCrawl(body: object): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${api.url}/ingest/crawl`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function waitForCrawl(id: string): Promise<Json> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${api.url}/ingest/crawl/${id}`, {
      headers: { authorization: `Bearer ${api.ingestKey}` },
    });
    const body = (await res.json()) as Json;
    if (body.status !== 'processing') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('crawl did not finish');
}

describe('POST /v1/ingest/crawl against the ADA.gov fixture', () => {
  it('crawls the site with robots.txt, the sitemap, linked PDFs and the broken link reported', async () => {
    const started = await startCrawl({
      namespace: 'ada',
      seed_urls: [`${site.origin}/`],
      max_pages: 200,
      rate_limit_rps: 10,
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'processing', crawl_job_id: expect.any(String) });
    const job = await waitForCrawl(started.body.crawl_job_id);
    expect(job).toMatchObject({ object: 'crawl.job', status: 'completed_with_errors', namespace: 'ada' });
    expect(job.errors).toContainEqual({
      url: `${site.origin}/resources/archived-technical-assistance/`,
      error: 'HTTP 404',
    });
    const robotsSkips = job.errors.filter((e: { error: string }) => e.error === 'skipped: robots.txt');
    expect(robotsSkips.map((e: { url: string }) => new URL(e.url).pathname).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/private\//)]),
    );
    expect(site.requests.some((p) => p.startsWith('/private/'))).toBe(false);
    expect(
      job.errors.some(
        (e: { url: string; error: string }) =>
          e.url.startsWith('https://www.justice.gov') && e.error === 'skipped: outside the allowed domains',
      ),
    ).toBe(true);
    // 63 allowed pages + 2 PDFs, each fetched once.
    expect(job.counts).toMatchObject({ documents_indexed: 65, pages_failed: 1 });
    expect(job.document_ids).toHaveLength(65);
    expect(new Set(site.requests.filter((p) => p !== '/robots.txt' && p !== '/sitemap.xml')).size).toBe(
      site.requests.length - 2,
    );

    const hits = searchPassages(api.deps.db, {
      accountId: api.accountId,
      namespaces: ['ada'],
      query: 'Can a hotel charge a cleaning fee for a service animal?',
      limit: 3,
    });
    expect(hits[0]?.sourceFilename).toBe(`${site.origin}/resources/service-animals-faqs/`);
    const pdfHits = searchPassages(api.deps.db, {
      accountId: api.accountId,
      namespaces: ['ada'],
      query: 'artificial intelligence hiring disability discrimination',
      limit: 10,
    });
    expect(pdfHits.some((h) => h.sourceFilename.endsWith('.pdf'))).toBe(true);
    const docs = await fetch(`${api.url}/documents?namespace=ada&source_type=crawl&limit=1000`, {
      headers: { authorization: `Bearer ${api.ingestKey}` },
    });
    expect(((await docs.json()) as { data: unknown[] }).data).toHaveLength(65);
  }, 60_000);
});

describe('runCrawl limits', () => {
  let plain: StaticSite;
  beforeAll(async () => {
    plain = await serveStaticSite(ADA_SITE_DIR, { sitemap: false });
  });
  afterAll(() => plain.close());

  function params(over: Partial<CrawlParams>): CrawlParams {
    return {
      namespace: 'lim',
      seed_urls: [`${plain.origin}/`],
      allowed_domains: ['127.0.0.1'],
      max_pages: 50,
      max_depth: 3,
      rate_limit_rps: 10,
      respect_robots_txt: true,
      ...over,
    };
  }

  /** Crawls `site` (the plain ADA.gov fixture by default) into a fresh database; its job view and pages. */
  async function crawl(
    over: Partial<CrawlParams>,
    budgetMs?: number,
    { site = plain, parseLimits }: { site?: StaticSite; parseLimits?: AppDeps['parseLimits'] } = {},
  ) {
    const deps = tempDeps({
      crawlAllowHosts: [new URL(site.origin).host],
      ...(parseLimits ? { parseLimits } : {}),
    });
    const p = params(over);
    const jobId = createJob(
      deps.db,
      {
        accountId: 'acc',
        kind: 'crawl',
        namespace: p.namespace,
        counts: { pages_crawled: 0, documents_indexed: 0, pages_failed: 0, urls_skipped: 0 },
        params: p,
      },
      new Date(),
    );
    await runCrawl(deps, jobId, 'acc', p, budgetMs === undefined ? {} : { budgetMs });
    const view = jobView(deps.db, getJobById(deps.db, jobId)!);
    const urls = (deps.db.prepare('SELECT source_url FROM kb_documents').pluck().all() as string[]).map(
      (u) => new URL(u).pathname,
    );
    deps.close();
    return { view: view as Json, urls };
  }

  it('stops at max_depth', async () => {
    const { view, urls } = await crawl({ max_depth: 1 });
    const home = extractHtml(readFileSync(join(ADA_SITE_DIR, 'index.html'), 'utf8'));
    const linked = new Set(home.links.map((l) => new URL(l, plain.origin).pathname));
    expect(view.status).toMatch(/^completed/);
    expect(urls).toContain('/');
    expect(urls.length).toBeGreaterThan(3);
    for (const u of urls) expect(u === '/' || linked.has(u), u).toBe(true);
    // The home page links to about half of the site; depth 2 would reach the rest.
    expect(urls.length).toBeLessThan(50);
  });

  it('stops at max_pages', async () => {
    const { view, urls } = await crawl({ max_pages: 4 });
    expect(view.counts.pages_crawled).toBe(4);
    expect(urls.length).toBeLessThanOrEqual(4);
    expect(view.status).toBe('completed');
  });

  it('fails with a timed-out entry when the budget runs out', async () => {
    const { view } = await crawl({ rate_limit_rps: 0.5 }, 1_500);
    expect(view.status).toBe('failed');
    expect(view.errors).toContainEqual({ url: 'crawl', error: 'the crawl timed out after 1.5 seconds' });
  });

  it('completes a re-crawl of an unchanged site, reporting its pages as unchanged', async () => {
    const body = { namespace: 'again', seed_urls: [`${site.origin}/`], max_pages: 3, rate_limit_rps: 10 };
    const first = await waitForCrawl((await startCrawl(body)).body.crawl_job_id);
    expect(first.counts.documents_indexed).toBeGreaterThan(0);
    const again = await waitForCrawl((await startCrawl(body)).body.crawl_job_id);
    expect(again).toMatchObject({ status: 'completed', counts: { documents_indexed: 0, pages_failed: 0 } });
    const errors = again.errors as { url: string; error: string }[];
    const unchanged = errors.filter((e) =>
      e.error.startsWith('skipped: unchanged since indexed as document '),
    );
    expect(unchanged).toHaveLength(first.counts.documents_indexed);
    expect(errors.filter((e) => !e.error.startsWith('skipped: '))).toEqual([]);
  });

  it('indexes again an unchanged PDF that an older PDF reader indexed, replacing the old copy', async () => {
    const body = {
      namespace: 'pdf-again',
      seed_urls: [`${site.origin}/assets/pdfs/web-guidance.pdf`],
      max_pages: 1,
      rate_limit_rps: 10,
    };
    const first = await waitForCrawl((await startCrawl(body)).body.crawl_job_id);
    expect(first.counts.documents_indexed).toBe(1);
    const { db } = api.deps;
    const ids = () =>
      db.prepare(`SELECT id, extraction FROM kb_documents WHERE namespace = 'pdf-again'`).all() as {
        id: string;
        extraction: number;
      }[];
    const [indexed] = ids();
    expect(indexed?.extraction).toBe(2);
    // As a release before the PDF layout reader left it.
    db.prepare('UPDATE kb_documents SET extraction = 1 WHERE id = ?').run(indexed!.id);
    const again = await waitForCrawl((await startCrawl(body)).body.crawl_job_id);
    expect(again).toMatchObject({ status: 'completed', counts: { documents_indexed: 1 } });
    const [now] = ids();
    expect(ids()).toHaveLength(1);
    expect(now).toMatchObject({ extraction: 2 });
    expect(now!.id).not.toBe(indexed!.id);
    // Indexed by this release: unchanged.
    const third = await waitForCrawl((await startCrawl(body)).body.crawl_job_id);
    expect(third).toMatchObject({ status: 'completed', counts: { documents_indexed: 0 } });
  });

  it('reports a crawl that indexes nothing as failed with url "crawl"', async () => {
    const { view } = await crawl({ seed_urls: [`${plain.origin}/private/`] });
    expect(view.status).toBe('failed');
    expect(view.errors).toEqual([
      { url: `${plain.origin}/private/`, error: 'skipped: robots.txt' },
      { url: 'crawl', error: 'no page could be indexed' },
    ]);
  });

  it('spaces requests to a host by robots.txt Crawl-delay when it is longer than 1/rate_limit_rps', async () => {
    const slow = await serveStaticSite(ADA_SITE_DIR, {
      sitemap: false,
      routes: {
        '/robots.txt': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nCrawl-delay: 1\n');
        },
      },
    });
    const started = Date.now();
    await crawl({ seed_urls: [`${slow.origin}/`], max_pages: 3 }, undefined, { site: slow });
    const elapsed = Date.now() - started;
    await slow.close();
    // Three pages with a 1 s Crawl-delay take at least 2 s (rate_limit_rps 10 alone: 0.2 s).
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
  });

  it('fetches pages robots.txt disallows when respect_robots_txt is false', async () => {
    const { urls, view } = await crawl({ max_depth: 1, respect_robots_txt: false });
    expect(urls.some((u) => u.startsWith('/private/'))).toBe(true);
    expect(view.errors.some((e: { error: string }) => e.error === 'skipped: robots.txt')).toBe(false);
  });

  it('fails a page nested too deep to read, too slow to read or without text on its own and indexes the rest of the crawl', async () => {
    const depth = 5_000;
    const deep = await serveStaticSite(ADA_SITE_DIR, {
      sitemap: false,
      routes: {
        '/': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            '<html><head><title>Home</title></head><body><main><h1>Home</h1><p>Court information for the public.</p><a href="/deep/">Deep</a> <a href="/slow/">Slow</a> <a href="/empty/">Empty</a> <a href="/topics/parking/">Parking</a></main></body></html>',
          );
        },
        '/deep/': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            `<html><head><title>Deep</title></head><body><main>${'<div>'.repeat(depth)}Text.${'</div>'.repeat(depth)}</main></body></html>`,
          );
        },
        // The HTML parser makes a node of each stray "<": half a minute of work for 2 MB, done off the
        // API's thread and stopped at the parse time limit.
        '/empty/': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            '<html><head><title>Empty</title><script>var a = 1;</script></head><body><!-- none --></body></html>',
          );
        },
        '/slow/': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<html><body><main>${'<'.repeat(2_000_000)}</main></body></html>`);
        },
      },
    });
    const { view, urls } = await crawl(
      { seed_urls: [`${deep.origin}/`], max_depth: 1, max_pages: 5 },
      undefined,
      {
        site: deep,
        parseLimits: { timeoutMs: 2_000 },
      },
    );
    await deep.close();
    expect(view.status).toBe('completed_with_errors');
    const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
    expect([...view.errors].sort(byUrl)).toEqual([
      {
        url: `${deep.origin}/deep/`,
        error: 'The content could not be read: its elements are nested more than 1,000 levels deep.',
      },
      { url: `${deep.origin}/empty/`, error: 'The page contains no text to index.' },
      {
        url: `${deep.origin}/slow/`,
        error: 'Reading the page took longer than 2 seconds; it was stopped and not indexed.',
      },
    ]);
    // The page without text stays listed, failed with its reason, as a failed upload does.
    expect(urls.sort()).toEqual(['/', '/empty/', '/topics/parking/']);
  });

  it('indexes a linked file whose URL has a malformed percent-escape, and the rest of the crawl', async () => {
    const odd = await serveStaticSite(ADA_SITE_DIR, {
      sitemap: false,
      routes: {
        '/': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            '<html><head><title>Home</title></head><body><main><h1>Home</h1><p>Court information for the public.</p><a href="/files/notes%E0%A4%A.txt">Notes</a> <a href="/topics/parking/">Parking</a></main></body></html>',
          );
        },
        '/files/notes%E0%A4%A.txt': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end('Jury duty notes. Bring your summons to the jury assembly room.');
        },
      },
    });
    const { view, urls } = await crawl(
      { seed_urls: [`${odd.origin}/`], max_depth: 1, max_pages: 5 },
      undefined,
      {
        site: odd,
      },
    );
    await odd.close();
    expect(view.status).toBe('completed');
    expect(urls.sort()).toEqual(['/', '/files/notes%E0%A4%A.txt', '/topics/parking/']);
  });

  it('follows a sitemap index named in robots.txt', async () => {
    const indexed = await serveStaticSite(ADA_SITE_DIR, {
      routes: {
        '/sitemap.xml': (_req, res, origin) => {
          res.writeHead(200, { 'content-type': 'application/xml' });
          res.end(
            `<?xml version="1.0"?><sitemapindex><sitemap><loc>${origin}/pages.xml</loc></sitemap></sitemapindex>`,
          );
        },
        '/pages.xml': (_req, res, origin) => {
          res.writeHead(200, { 'content-type': 'application/xml' });
          res.end(
            `<?xml version="1.0"?><urlset><url><loc>${origin}/resources/ticket-sales/</loc></url></urlset>`,
          );
        },
      },
    });
    const { urls } = await crawl(
      { seed_urls: [`${indexed.origin}/es/`], max_depth: 1, max_pages: 20 },
      undefined,
      {
        site: indexed,
      },
    );
    await indexed.close();
    // Not linked from /es/: reached through the sitemap only.
    expect(urls).toContain('/resources/ticket-sales/');
  });
});
