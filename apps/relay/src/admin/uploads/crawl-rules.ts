import type { CrawlRequest } from '@amicus/chatbot-client';
import { CRAWL_DEFAULTS, CRAWL_LIMITS, isNamespace, NAMESPACE_MESSAGE } from '@amicus/contract';
import { invalid } from '../admin-error.js';
import { hasControlCharacters } from '../text-input.js';

function integerIn(
  body: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${field} must be a whole number from ${min} to ${max}.`, field);
  }
  return value;
}

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Validates a crawl request with the contract's ranges and defaults, first failure only, naming the
 * field like the upstream does. Whether a URL is public is left to the upstream, which resolves it.
 */
export function parseCrawlRequest(input: unknown): CrawlRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('The body must be a JSON object.', null);
  }
  const body = input as Record<string, unknown>;
  const { namespace, seed_urls: seeds, allowed_domains: domains, respect_robots_txt: robots } = body;
  if (!isNamespace(namespace)) throw invalid(NAMESPACE_MESSAGE, 'namespace');
  const { seedUrls: seedRange, maxPages, maxDepth, rateLimitRps } = CRAWL_LIMITS;
  if (!Array.isArray(seeds) || seeds.length < seedRange.min || seeds.length > seedRange.max) {
    throw invalid(`seed_urls must list ${seedRange.min} to ${seedRange.max} URLs.`, 'seed_urls');
  }
  const seedUrls = seeds.map((seed: unknown, i) => {
    let url: URL | null = null;
    try {
      // The URL parser would quietly drop tabs and newlines and encode other controls; refuse them.
      url =
        typeof seed === 'string' && seed.length <= 2048 && !hasControlCharacters(seed) ? new URL(seed) : null;
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw invalid(
        'Each seed URL must be an absolute http or https URL without credentials or control characters.',
        `seed_urls[${i}]`,
      );
    }
    return url.toString();
  });
  const request: CrawlRequest = {
    namespace,
    seed_urls: seedUrls,
    max_pages: integerIn(body, 'max_pages', maxPages.min, maxPages.max, CRAWL_DEFAULTS.max_pages),
    max_depth: integerIn(body, 'max_depth', maxDepth.min, maxDepth.max, CRAWL_DEFAULTS.max_depth),
    rate_limit_rps: CRAWL_DEFAULTS.rate_limit_rps,
  };
  const rps = body.rate_limit_rps;
  if (rps !== undefined && rps !== null) {
    if (
      typeof rps !== 'number' ||
      !Number.isFinite(rps) ||
      rps < rateLimitRps.min ||
      rps > rateLimitRps.max
    ) {
      throw invalid(
        `rate_limit_rps must be a number from ${rateLimitRps.min} to ${rateLimitRps.max}.`,
        'rate_limit_rps',
      );
    }
    request.rate_limit_rps = rps;
  }
  if (domains !== undefined && domains !== null) {
    if (!Array.isArray(domains) || domains.length > 100) {
      throw invalid('allowed_domains must be a list of at most 100 host names.', 'allowed_domains');
    }
    request.allowed_domains = domains.map((domain: unknown, i) => {
      if (typeof domain !== 'string' || !HOSTNAME.test(domain)) {
        throw invalid(
          'Each allowed domain must be a host name such as www.example.org.',
          `allowed_domains[${i}]`,
        );
      }
      return domain.toLowerCase();
    });
  }
  if (robots !== undefined && robots !== null) {
    if (typeof robots !== 'boolean')
      throw invalid('respect_robots_txt must be true or false.', 'respect_robots_txt');
    request.respect_robots_txt = robots;
  }
  return request;
}
