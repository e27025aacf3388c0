import type { CrawlRequest } from '@amicus/chatbot-client';
import { invalid } from '../admin-error.js';
import { hasControlCharacters } from '../text-input.js';
import { NAMESPACE_PATTERN } from './upload-rules.js';

export const CRAWL_DEFAULTS = { max_pages: 50, max_depth: 3, rate_limit_rps: 2 } as const;

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
  if (typeof namespace !== 'string' || !NAMESPACE_PATTERN.test(namespace)) {
    throw invalid('namespace is required and must match ^[a-z0-9][a-z0-9_-]{0,63}$.', 'namespace');
  }
  if (!Array.isArray(seeds) || seeds.length < 1 || seeds.length > 100) {
    throw invalid('seed_urls must list 1 to 100 URLs.', 'seed_urls');
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
    max_pages: integerIn(body, 'max_pages', 1, 500, CRAWL_DEFAULTS.max_pages),
    max_depth: integerIn(body, 'max_depth', 1, 10, CRAWL_DEFAULTS.max_depth),
    rate_limit_rps: CRAWL_DEFAULTS.rate_limit_rps,
  };
  const rps = body.rate_limit_rps;
  if (rps !== undefined && rps !== null) {
    if (typeof rps !== 'number' || !Number.isFinite(rps) || rps < 0.1 || rps > 10) {
      throw invalid('rate_limit_rps must be a number from 0.1 to 10.', 'rate_limit_rps');
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
