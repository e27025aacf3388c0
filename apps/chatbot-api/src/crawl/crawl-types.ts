/** Validated body of POST /v1/ingest/crawl (defaults applied). */
export interface CrawlParams {
  namespace: string;
  seed_urls: string[];
  allowed_domains: string[];
  max_pages: number;
  max_depth: number;
  rate_limit_rps: number;
  respect_robots_txt: boolean;
}

/*
 * Counts of a crawl job (wire names):
 *   pages_crawled       URLs fetched (each counts toward max_pages, whatever the answer)
 *   documents_indexed   pages and linked documents indexed
 *   pages_failed        fetches or documents that failed (an `{url, error}` entry each)
 *   urls_skipped        URLs not fetched or not indexed: robots.txt, outside the allowed domains,
 *                       duplicate content, unsupported type (a `skipped: …` entry each)
 */
export interface CrawlCounts {
  pages_crawled: number;
  documents_indexed: number;
  pages_failed: number;
  urls_skipped: number;
}

export interface CrawlerOptions {
  /** The contract's crawl budget: 10 minutes. */
  budgetMs?: number;
  requestTimeoutMs?: number;
  maxPageBytes?: number;
}
