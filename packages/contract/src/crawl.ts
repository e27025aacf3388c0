// Ranges and defaults of `POST /ingest/crawl` (shared/spec/chatbot-api.md, "Limits").

export const CRAWL_LIMITS = {
  seedUrls: { min: 1, max: 100 },
  maxPages: { min: 1, max: 500, default: 50 },
  maxDepth: { min: 1, max: 10, default: 3 },
  rateLimitRps: { min: 0.1, max: 10, default: 2 },
} as const;

/** What the API applies when a crawl request leaves a field out, by wire name. */
export const CRAWL_DEFAULTS = {
  max_pages: CRAWL_LIMITS.maxPages.default,
  max_depth: CRAWL_LIMITS.maxDepth.default,
  rate_limit_rps: CRAWL_LIMITS.rateLimitRps.default,
} as const;

/** A crawl that runs longer than this ends `failed`. */
export const CRAWL_BUDGET_MS = 10 * 60 * 1000;
