import { gunzipSync } from 'node:zlib';
import { type SafeFetchOptions, safeGet } from './safe-fetch.js';

const MAX_SITEMAPS = 10;
const MAX_URLS = 5_000;

/**
 * Page URLs listed by the origin's sitemaps: those named in robots.txt, else /sitemap.xml. Sitemap
 * indexes are followed one level (up to 10 sitemaps). Failures are ignored: a sitemap only adds
 * URLs to what links already reach.
 */
export async function discoverSitemapUrls(
  origin: URL,
  declared: readonly string[],
  options: SafeFetchOptions,
): Promise<string[]> {
  const queue = declared.length > 0 ? [...declared] : [new URL('/sitemap.xml', origin).href];
  const seen = new Set<string>();
  const urls: string[] = [];
  while (queue.length > 0 && seen.size < MAX_SITEMAPS && urls.length < MAX_URLS) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    let xml: string;
    try {
      const res = await safeGet(new URL(next), { ...options, maxBytes: 10 * 1024 * 1024 });
      if (res.status !== 200) continue;
      xml = (res.body[0] === 0x1f && res.body[1] === 0x8b ? gunzipSync(res.body) : res.body).toString('utf8');
    } catch {
      continue;
    }
    const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => decodeXml(m[1]!));
    if (/<sitemapindex[\s>]/i.test(xml)) queue.push(...locs);
    else urls.push(...locs);
  }
  return urls.slice(0, MAX_URLS);
}

function decodeXml(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
