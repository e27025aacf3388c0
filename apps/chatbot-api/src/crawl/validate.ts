import { lookup } from 'node:dns/promises';
import { CRAWL_LIMITS, isNamespace, NAMESPACE_MESSAGE } from '@amicus/contract';
import { HttpError } from '../http/http-error.js';
import { HostAllowlist, ipLiteral, isLocalName, isPublicAddress, stripDot } from './address-policy.js';
import type { CrawlParams } from './crawler.js';
import { inAllowedDomains, normalizeUrl } from './url-normalize.js';

const bad = (message: string, param: string) => new HttpError(400, message, { param });
const HOST_PATTERN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Validates a POST /ingest/crawl body in the order of the contract's table, reporting the first
 * failure; values are never coerced (a string "10" is not a number). A seed must be a public
 * http(s) URL: an IP literal in any notation must be public, a name must not be local and must not
 * resolve to a non-public address (a name that does not resolve is accepted: the crawl reports it).
 */
export async function validateCrawlBody(body: unknown, allowHosts: readonly string[]): Promise<CrawlParams> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.', { param: null });
  }
  const b = body as Record<string, unknown>;
  if (b.namespace === undefined || b.namespace === null) throw bad('namespace is required.', 'namespace');
  if (!isNamespace(b.namespace)) {
    throw bad(NAMESPACE_MESSAGE, 'namespace');
  }
  if (b.seed_urls === undefined || b.seed_urls === null) throw bad('seed_urls is required.', 'seed_urls');
  if (!Array.isArray(b.seed_urls)) throw bad('seed_urls must be an array of URLs.', 'seed_urls');
  if (b.seed_urls.length === 0) throw bad('seed_urls must hold at least one URL.', 'seed_urls');
  if (b.seed_urls.length > CRAWL_LIMITS.seedUrls.max) {
    throw bad(`seed_urls can hold at most ${CRAWL_LIMITS.seedUrls.max} URLs.`, 'seed_urls');
  }

  let allowedDomains: string[] | null = null;
  if (b.allowed_domains !== undefined && b.allowed_domains !== null) {
    if (!Array.isArray(b.allowed_domains))
      throw bad('allowed_domains must be an array of host names.', 'allowed_domains');
    allowedDomains = b.allowed_domains.map((d, i) => {
      const host = typeof d === 'string' ? stripDot(d.trim()) : '';
      if (!HOST_PATTERN.test(host) && ipLiteral(safeUrl(`http://${host}/`)) === null) {
        throw bad(
          'Each allowed domain must be a host name such as www.example.gov.',
          `allowed_domains[${i}]`,
        );
      }
      return host;
    });
  }

  const allowlist = new HostAllowlist(allowHosts);
  const seeds: string[] = [];
  for (let i = 0; i < b.seed_urls.length; i++) {
    const raw = b.seed_urls[i];
    const param = `seed_urls[${i}]`;
    const url = typeof raw === 'string' && /^https?:\/\//i.test(raw.trim()) ? normalizeUrl(raw.trim()) : null;
    if (!url) throw bad('Each seed URL must be an absolute http or https URL without credentials.', param);
    if (!(await isPublicHost(url, allowlist))) throw bad('Seed URLs must point to a public host.', param);
    if (allowedDomains && !inAllowedDomains(url, allowedDomains)) {
      throw bad("The seed URL's host is not in allowed_domains.", param);
    }
    seeds.push(url.href);
  }

  const maxPages = integerIn(b.max_pages, CRAWL_LIMITS.maxPages, 'max_pages');
  const maxDepth = integerIn(b.max_depth, CRAWL_LIMITS.maxDepth, 'max_depth');
  const { min, max } = CRAWL_LIMITS.rateLimitRps;
  let rps: number = CRAWL_LIMITS.rateLimitRps.default;
  if (b.rate_limit_rps !== undefined && b.rate_limit_rps !== null) {
    if (
      typeof b.rate_limit_rps !== 'number' ||
      !Number.isFinite(b.rate_limit_rps) ||
      b.rate_limit_rps < min ||
      b.rate_limit_rps > max
    ) {
      throw bad(`rate_limit_rps must be a number from ${min} to ${max}.`, 'rate_limit_rps');
    }
    rps = b.rate_limit_rps;
  }
  let respect = true;
  if (b.respect_robots_txt !== undefined && b.respect_robots_txt !== null) {
    if (typeof b.respect_robots_txt !== 'boolean')
      throw bad('respect_robots_txt must be a boolean.', 'respect_robots_txt');
    respect = b.respect_robots_txt;
  }
  return {
    namespace: b.namespace,
    seed_urls: seeds,
    allowed_domains: allowedDomains ?? [...new Set(seeds.map((s) => stripDot(new URL(s).hostname)))],
    max_pages: maxPages,
    max_depth: maxDepth,
    rate_limit_rps: rps,
    respect_robots_txt: respect,
  };
}

function integerIn(
  v: unknown,
  { min, max, default: fallback }: { min: number; max: number; default: number },
  param: string,
): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw bad(`${param} must be an integer from ${min} to ${max}.`, param);
  }
  return v;
}

function safeUrl(s: string): URL {
  try {
    return new URL(s);
  } catch {
    return new URL('http://invalid.invalid/');
  }
}

async function isPublicHost(url: URL, allowlist: HostAllowlist): Promise<boolean> {
  if (allowlist.allows(url)) return true;
  const ip = ipLiteral(url);
  if (ip !== null) return isPublicAddress(ip);
  if (isLocalName(url.hostname)) return false;
  try {
    const addresses = await Promise.race([
      lookup(url.hostname, { all: true }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow')), 3000).unref()),
    ]);
    return addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return true;
  }
}
