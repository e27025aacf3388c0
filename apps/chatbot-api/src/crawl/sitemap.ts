import { createGunzip } from 'node:zlib';
import { type SafeFetchOptions, safeGet } from './safe-fetch.js';
import { normalizeUrl } from './url-normalize.js';

const MAX_SITEMAPS = 10;
const MAX_URLS = 5_000;
/**
 * Largest sitemap read, as fetched and once unzipped. The protocol allows 50 MB, but MAX_URLS
 * locations fit in well under 1 MiB; a 1 MB .xml.gz once inflated to 2.2 GB in one synchronous
 * call and held the event loop for 6 s (issue 10, item 6). What lies past the limit is ignored.
 */
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;

/**
 * Page URLs listed by the origin's sitemaps: those named in robots.txt, else /sitemap.xml. Sitemap
 * indexes are followed one level (up to 10 sitemaps). Only sitemaps for which `allow` holds (the
 * crawl's allowed domains) are fetched, whether robots.txt or an index names them; the address
 * policy applies as to every fetch (safeGet). Failures are ignored: a sitemap only adds URLs to
 * what links already reach.
 */
export async function discoverSitemapUrls(
  origin: URL,
  declared: readonly string[],
  options: SafeFetchOptions,
  allow: (url: URL) => boolean,
): Promise<string[]> {
  const queue = declared.length > 0 ? [...declared] : [new URL('/sitemap.xml', origin).href];
  const seen = new Set<string>();
  const urls: string[] = [];
  while (queue.length > 0 && seen.size < MAX_SITEMAPS && urls.length < MAX_URLS) {
    const next = normalizeUrl(queue.shift()!);
    if (!next || seen.has(next.href) || !allow(next)) continue;
    seen.add(next.href);
    let xml: string;
    try {
      const res = await safeGet(next, { ...options, maxBytes: MAX_SITEMAP_BYTES });
      if (res.status !== 200) continue;
      const gzipped = res.body[0] === 0x1f && res.body[1] === 0x8b;
      xml = (gzipped ? await gunzipPrefix(res.body, MAX_SITEMAP_BYTES) : res.body).toString('utf8');
    } catch {
      continue;
    }
    const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => decodeXml(m[1]!));
    if (/<sitemapindex[\s>]/i.test(xml)) queue.push(...locs);
    else urls.push(...locs);
  }
  return urls.slice(0, MAX_URLS);
}

/**
 * The first `limit` bytes a gzip stream inflates to. Streamed (zlib works off the event loop) and
 * stopped at the limit, so a bomb costs at most `limit` bytes of memory and as much inflation.
 */
export function gunzipPrefix(data: Buffer, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks, Math.min(size, limit)));
    gunzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        gunzip.destroy();
        done();
      }
    });
    gunzip.on('end', done);
    gunzip.on('error', reject);
    gunzip.end(data);
  });
}

function decodeXml(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
