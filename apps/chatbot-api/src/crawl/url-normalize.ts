import { stripDot } from './address-policy.js';

/**
 * The form a URL is deduplicated under: http(s) only, no credentials, no fragment, lower-case host
 * without a trailing dot, default port dropped (the URL parser does that), empty path as `/`,
 * tracking parameters (`utm_*`, `fbclid`, `gclid`) removed. Null for anything not crawlable.
 */
export function normalizeUrl(raw: string, base?: URL): URL | null {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  url.hostname = stripDot(url.hostname);
  for (const key of [...url.searchParams.keys()]) {
    if (/^utm_/i.test(key) || key === 'fbclid' || key === 'gclid') url.searchParams.delete(key);
  }
  if (url.search === '?') url.search = '';
  return url;
}

/** Whether `host` is one of the allowed domains or a subdomain of one. */
export function inAllowedDomains(url: URL, domains: readonly string[]): boolean {
  const host = stripDot(url.hostname);
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}
