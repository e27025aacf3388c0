import { createHash, randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { parseIsolated } from '../ingest/isolated-parse.js';
import { addJobError, appendJobDocument, updateCounts } from '../ingest/jobs.js';
import { extractionOf, ParseError } from '../ingest/parsers/index.js';
import { processDocument } from '../ingest/process-document.js';
import type { HtmlDocument } from '../knowledge/html-extract.js';
import { type DocumentRow, deleteDocument, getDocument, insertDocument } from '../knowledge/store.js';
import { contentKind, safeMime, toUtf8 } from './content-kind.js';
import type { CrawlCounts, CrawlParams } from './crawl-types.js';
import { fetchRobots, type RobotsRules } from './robots.js';
import { FetchError, type SafeFetchOptions, safeGet } from './safe-fetch.js';
import { discoverSitemapUrls } from './sitemap.js';
import { inAllowedDomains, normalizeUrl } from './url-normalize.js';

/**
 * The state of one running crawl: the breadth-first frontier, the URLs seen, the content hashes
 * indexed, robots.txt per origin and the next request time per host. Every outcome is written to
 * the job as it happens (counts and entries), so GET /ingest/crawl/{id} shows live progress.
 */
export class CrawlSession {
  private readonly queue: { url: URL; depth: number }[] = [];
  private readonly seen = new Set<string>();
  private readonly reported = new Set<string>();
  private readonly hashes = new Set<string>();
  private readonly robots = new Map<string, RobotsRules>();
  private readonly nextAt = new Map<string, number>();
  private pages = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly jobId: string,
    private readonly accountId: string,
    private readonly params: CrawlParams,
    private readonly fetchOptions: SafeFetchOptions,
  ) {}

  /** Pages whose content is already indexed in the namespace (a re-crawl of an unchanged site). */
  private unchangedPages = 0;

  get unchanged(): number {
    return this.unchangedPages;
  }

  counts(): CrawlCounts {
    return updateCounts<CrawlCounts>(this.deps.db, this.jobId, () => {}, this.deps.now());
  }

  async run(): Promise<void> {
    for (const raw of this.params.seed_urls) {
      const url = normalizeUrl(raw);
      if (url && !this.seen.has(url.href)) {
        this.seen.add(url.href);
        this.queue.push({ url, depth: 0 });
      }
    }
    const signal = this.fetchOptions.signal!;
    while (this.queue.length > 0 && this.pages < this.params.max_pages && !signal.aborted) {
      const { url, depth } = this.queue.shift()!;
      const rules = await this.rulesFor(url);
      if (signal.aborted) break;
      if (this.params.respect_robots_txt && !rules.isAllowed(url)) {
        this.skip(url.href, 'skipped: robots.txt');
        continue;
      }
      await this.waitTurn(url, rules);
      if (signal.aborted) break;
      this.pages++;
      this.bump((c) => {
        c.pages_crawled++;
      });
      await this.visit(url, depth);
    }
  }

  /** robots.txt of the URL's origin (fetched once); the first visit of an origin also reads its sitemaps. */
  private async rulesFor(url: URL): Promise<RobotsRules> {
    const known = this.robots.get(url.origin);
    if (known) return known;
    const rules = await fetchRobots(new URL(url.origin), this.fetchOptions);
    this.robots.set(url.origin, rules);
    // Sitemaps are held to the crawl's domains like links: robots.txt may name one on any host.
    const listed = await discoverSitemapUrls(new URL(url.origin), rules.sitemaps, this.fetchOptions, (u) =>
      inAllowedDomains(u, this.params.allowed_domains),
    );
    for (const raw of listed) {
      const u = normalizeUrl(raw);
      // Sitemap entries are one step from the seed; ones outside the allowed domains are not links
      // anyone followed, so they are ignored rather than reported.
      if (
        u &&
        !this.seen.has(u.href) &&
        inAllowedDomains(u, this.params.allowed_domains) &&
        this.params.max_depth >= 1
      ) {
        this.seen.add(u.href);
        this.queue.push({ url: u, depth: 1 });
      }
    }
    return rules;
  }

  private async waitTurn(url: URL, rules: RobotsRules): Promise<void> {
    let gapMs = 1000 / this.params.rate_limit_rps;
    if (this.params.respect_robots_txt && rules.crawlDelay !== null)
      gapMs = Math.max(gapMs, rules.crawlDelay * 1000);
    const host = url.host;
    const wait = (this.nextAt.get(host) ?? 0) - Date.now();
    if (wait > 0) await sleep(wait, this.fetchOptions.signal!);
    this.nextAt.set(host, Date.now() + gapMs);
  }

  private async visit(url: URL, depth: number): Promise<void> {
    let res: Awaited<ReturnType<typeof safeGet>>;
    try {
      res = await safeGet(url, this.fetchOptions);
    } catch (err) {
      if (this.fetchOptions.signal!.aborted) return;
      this.fail(url.href, err instanceof FetchError ? err.message : 'the page could not be fetched');
      return;
    }
    if (res.status < 200 || res.status > 299) {
      this.fail(url.href, `HTTP ${res.status}`);
      return;
    }
    const finalUrl = normalizeUrl(res.url.href) ?? res.url;
    // A page reached through a redirect is not fetched again under its final URL; if it was
    // crawled already, the content hash reports the duplicate.
    this.seen.add(finalUrl.href);
    const ext = contentKind(res.contentType, finalUrl);
    if (!ext) {
      this.skip(url.href, `skipped: unsupported content type ${safeMime(res.contentType)}`);
      return;
    }
    let page: HtmlDocument | undefined;
    if (ext === '.html') {
      // Parsed off the API's thread, as uploads are (see isolated-parse.ts): a page can be 25 MiB
      // of anything. Its links are read from the same parse that is then indexed.
      try {
        const utf8 = toUtf8(res.body, res.contentType, ext);
        page = (await parseIsolated(utf8, ext, finalUrl.href, this.deps.parseLimits, 'page')) as HtmlDocument;
      } catch (err) {
        if (this.fetchOptions.signal!.aborted) return;
        // One page the parser cannot read fails alone; the crawl goes on with the others.
        this.fail(url.href, err instanceof ParseError ? err.message : 'the page could not be read');
        return;
      }
      if (!page.robots.nofollow && depth < this.params.max_depth)
        this.enqueueLinks(page.links, finalUrl, depth + 1);
      if (page.robots.noindex) {
        this.skip(url.href, 'skipped: the page asks not to be indexed');
        return;
      }
    }
    await this.ingest(url, finalUrl, res.body, res.contentType, ext, page);
  }

  private enqueueLinks(links: readonly string[], base: URL, depth: number): void {
    for (const raw of links) {
      const u = normalizeUrl(raw, base);
      if (!u || this.seen.has(u.href)) continue;
      this.seen.add(u.href);
      if (!inAllowedDomains(u, this.params.allowed_domains)) {
        this.skip(u.href, 'skipped: outside the allowed domains');
        continue;
      }
      this.queue.push({ url: u, depth });
    }
  }

  private async ingest(
    url: URL,
    finalUrl: URL,
    body: Buffer,
    contentType: string,
    ext: NonNullable<ReturnType<typeof contentKind>>,
    parsed?: HtmlDocument,
  ): Promise<void> {
    const { db } = this.deps;
    const hash = createHash('sha256').update(body).digest('hex');
    if (this.hashes.has(hash)) {
      this.skip(url.href, 'skipped: duplicate content of a page already crawled');
      return;
    }
    this.hashes.add(hash);
    const existing = db
      .prepare(
        `SELECT id FROM kb_documents WHERE account_id = ? AND namespace = ? AND content_hash = ? AND status = 'ready'
           AND extraction = ? LIMIT 1`,
      )
      .get(this.accountId, this.params.namespace, hash, extractionOf(ext)) as { id: string } | undefined;
    if (existing) {
      // A re-crawl finds most pages as they were: that is news, not a failure.
      this.unchangedPages++;
      this.skip(url.href, `skipped: unchanged since indexed as document ${existing.id}`);
      return;
    }
    const id = randomUUID();
    const source = finalUrl.href;
    insertDocument(
      db,
      {
        id,
        accountId: this.accountId,
        jobId: this.jobId,
        namespace: this.params.namespace,
        filename: source,
        title: null,
        sourceType: 'crawl',
        sourceUrl: source,
        bytes: body.length,
        contentType: safeMime(contentType) === 'none' ? 'application/octet-stream' : safeMime(contentType),
        contentHash: hash,
        spoolPath: null,
      },
      this.deps.now(),
    );
    appendJobDocument(db, this.jobId, id, this.deps.now());
    const doc = getDocument(db, this.accountId, id) as DocumentRow;
    const outcome = await processDocument(db, doc, toUtf8(body, contentType, ext), ext, this.deps.now, {
      ingestJob: false,
      parseLimits: this.deps.parseLimits,
      ...(parsed ? { parsed } : {}),
    });
    if (outcome === 'ready') {
      this.bump((c) => {
        c.documents_indexed++;
      });
      // A re-crawl replaces the older copy of a page that changed.
      const older = db
        .prepare(
          `SELECT id FROM kb_documents WHERE account_id = ? AND namespace = ? AND source_url = ? AND id != ? AND source_type = 'crawl'`,
        )
        .pluck()
        .all(this.accountId, this.params.namespace, source, id) as string[];
      for (const oldId of older) deleteDocument(db, this.accountId, oldId);
    } else if (outcome === 'failed') {
      this.fail(
        url.href,
        getDocument(db, this.accountId, id)?.error ?? 'the document could not be processed',
      );
    }
  }

  private fail(url: string, error: string): void {
    this.reported.add(url);
    addJobError(this.deps.db, this.jobId, { url, error }, this.deps.now());
    this.bump((c) => {
      c.pages_failed++;
    });
  }

  private skip(url: string, reason: string): void {
    if (this.reported.has(url)) return;
    this.reported.add(url);
    addJobError(this.deps.db, this.jobId, { url, error: reason }, this.deps.now());
    this.bump((c) => {
      c.urls_skipped++;
    });
  }

  private bump(change: (c: CrawlCounts) => void): void {
    updateCounts<CrawlCounts>(this.deps.db, this.jobId, change, this.deps.now());
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
