import { CRAWL_LIMITS } from '@amicus/contract';
import { namespaceError } from './namespace.js';

/** The crawl form as typed: every field is the raw text of its input. */
export interface CrawlForm {
  namespace: string;
  seedUrls: string;
  allowedDomains: string;
  maxPages: string;
  maxDepth: string;
  rateLimitRps: string;
  respectRobotsTxt: boolean;
}

/** What is sent to start a crawl, already checked. */
export interface CrawlRequest {
  namespace: string;
  seedUrls: string[];
  allowedDomains: string[];
  maxPages: number;
  maxDepth: number;
  rateLimitRps: number;
  respectRobotsTxt: boolean;
}

export type CrawlField = Exclude<keyof CrawlForm, 'respectRobotsTxt'>;
export type CrawlErrors = Partial<Record<CrawlField, string>>;

export function defaultCrawlForm(namespace = ''): CrawlForm {
  return {
    namespace,
    seedUrls: '',
    allowedDomains: '',
    maxPages: String(CRAWL_LIMITS.maxPages.default),
    maxDepth: String(CRAWL_LIMITS.maxDepth.default),
    rateLimitRps: String(CRAWL_LIMITS.rateLimitRps.default),
    respectRobotsTxt: true,
  };
}

/** Splits a textarea on newlines, commas and spaces, dropping blanks. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function seedUrlError(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not a full web address. Start it with https://`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `"${raw}" must start with http:// or https://`;
  if (url.username !== '' || url.password !== '') return `"${raw}" must not contain a user name or password.`;
  return null;
}

// A host name: labels of letters, digits and hyphens, no scheme, path or port (the relay's rule).
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Parses a whole number in [min, max]; returns the number or an error sentence. */
function integerIn(raw: string, label: string, min: number, max: number): number | string {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return `${label} must be a whole number from ${min} to ${max}.`;
  const n = Number(text);
  if (n < min || n > max) return `${label} must be from ${min} to ${max}.`;
  return n;
}

function decimalIn(raw: string, label: string, min: number, max: number): number | string {
  const text = raw.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return `${label} must be a number from ${min} to ${max}.`;
  const n = Number(text);
  if (n < min || n > max) return `${label} must be from ${min} to ${max}.`;
  return n;
}

export function validateCrawl(form: CrawlForm): { errors: CrawlErrors; request: CrawlRequest | null } {
  const errors: CrawlErrors = {};
  const ns = form.namespace.trim();
  const nsError = namespaceError(ns);
  if (nsError) errors.namespace = nsError;

  const seeds = splitList(form.seedUrls);
  const { seedUrls, maxPages, maxDepth, rateLimitRps } = CRAWL_LIMITS;
  if (seeds.length < seedUrls.min) errors.seedUrls = 'Enter at least one start address.';
  else if (seeds.length > seedUrls.max) {
    errors.seedUrls = `At most ${seedUrls.max} start addresses; you entered ${seeds.length}.`;
  } else {
    const bad = seeds.map(seedUrlError).find((e) => e !== null);
    if (bad) errors.seedUrls = bad;
  }

  const domains = splitList(form.allowedDomains).map((d) => d.toLowerCase());
  const badDomain = domains.find((d) => !DOMAIN.test(d));
  if (domains.length > 100)
    errors.allowedDomains = `At most 100 allowed domains; you entered ${domains.length}.`;
  else if (badDomain !== undefined) {
    errors.allowedDomains = `"${badDomain}" is not a domain name. Enter names like www.example.gov, without https://`;
  }

  // The crawler refuses a start address outside the allowed domains (sub-domains count as inside).
  if (!errors.seedUrls && !errors.allowedDomains && domains.length > 0) {
    const outside = seeds.find((s) => {
      const host = new URL(s).hostname.toLowerCase();
      return !domains.some((d) => host === d || host.endsWith(`.${d}`));
    });
    if (outside)
      errors.seedUrls = `"${outside}" is not in the allowed domains. Add its domain below, or remove it.`;
  }

  const pages = integerIn(form.maxPages, 'Page limit', maxPages.min, maxPages.max);
  if (typeof pages === 'string') errors.maxPages = pages;
  const depth = integerIn(form.maxDepth, 'Link depth', maxDepth.min, maxDepth.max);
  if (typeof depth === 'string') errors.maxDepth = depth;
  const rps = decimalIn(form.rateLimitRps, 'Speed', rateLimitRps.min, rateLimitRps.max);
  if (typeof rps === 'string') errors.rateLimitRps = rps;

  if (Object.keys(errors).length > 0 || typeof pages !== 'number' || typeof depth !== 'number') {
    return { errors, request: null };
  }
  if (typeof rps !== 'number') return { errors, request: null };
  return {
    errors,
    request: {
      namespace: ns,
      seedUrls: seeds,
      allowedDomains: domains,
      maxPages: pages,
      maxDepth: depth,
      rateLimitRps: rps,
      respectRobotsTxt: form.respectRobotsTxt,
    },
  };
}
