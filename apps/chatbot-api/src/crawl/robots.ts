import robotsParserModule from 'robots-parser';
import { type SafeFetchOptions, safeGet } from './safe-fetch.js';

// The package is CommonJS (`module.exports = fn`) while its typings declare `export default`, so
// under NodeNext the default import is typed as the module object; at run time it is the function.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;
export const USER_AGENT_TOKEN = 'AmicusBot';

export interface RobotsRules {
  isAllowed(url: URL): boolean;
  /** Crawl-delay in seconds, when the site sets one for us. */
  crawlDelay: number | null;
  sitemaps: string[];
}

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelay: null, sitemaps: [] };

/**
 * Fetches and parses an origin's robots.txt. A missing file (any 4xx) or one that cannot be fetched
 * allows everything, as most crawlers do; only the rules the site actually publishes restrict us.
 */
export async function fetchRobots(origin: URL, options: SafeFetchOptions): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin);
  let text: string;
  try {
    const res = await safeGet(robotsUrl, { ...options, maxBytes: 512 * 1024 });
    if (res.status < 200 || res.status > 299) return ALLOW_ALL;
    text = res.body.toString('utf8');
  } catch {
    return ALLOW_ALL;
  }
  return parseRobots(robotsUrl, text);
}

/** The rules of a robots.txt text published at `robotsUrl` (also used for a site seeded from disk). */
export function parseRobots(robotsUrl: URL, text: string): RobotsRules {
  const robots = robotsParser(robotsUrl.href, text);
  const delay = robots.getCrawlDelay(USER_AGENT_TOKEN);
  return {
    isAllowed: (url) => robots.isAllowed(url.href, USER_AGENT_TOKEN) !== false,
    crawlDelay: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay : null,
    sitemaps: robots.getSitemaps(),
  };
}
