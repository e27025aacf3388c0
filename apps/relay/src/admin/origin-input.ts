import { invalid } from './admin-error.js';
import { hasControlCharacters } from './text-input.js';

// A host name (letters, digits, dots, hyphens, underscores; IDNs arrive here as punycode), an IPv4
// address, or a bracketed IPv6 address. The URL parser alone would accept `*` and other punctuation.
const HOST = /^([a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/;

/** `http(s)://host[:port]` only, lower-cased; anything with a path, query or credentials is refused. */
export function normalizeOrigin(value: unknown, param: string): string {
  if (typeof value === 'string' && value.includes('*')) {
    // Browsers send one exact origin and the allowlist compares exactly, so a pattern would silently
    // match nothing (or, were it ever honoured, let any subdomain embed the widget).
    throw invalid(
      `Wildcards are not supported (got ${JSON.stringify(value.slice(0, 100))}): list each origin, such as https://www.example.org.`,
      param,
    );
  }
  const shape = /^https?:\/\/[^/?#@\s\\]+\/?$/i;
  if (typeof value === 'string' && value.length <= 300 && shape.test(value) && !hasControlCharacters(value)) {
    try {
      const url = new URL(value);
      if (HOST.test(url.hostname)) return url.origin.toLowerCase();
    } catch {
      // falls through to the 400 below
    }
  }
  throw invalid(
    'Each origin must look like https://www.example.org (scheme, host and optional port only).',
    param,
  );
}
