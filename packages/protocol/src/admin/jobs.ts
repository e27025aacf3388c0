import type { JobKind, JobStatus } from '@amicus/contract';

// Jobs as the relay's admin API records them (apps/relay/docs/admin-api.md, "Jobs"): the relay's own
// envelope around the upstream's job status object, which is passed through verbatim.

/** An upstream object (a document, a job status) passed through as the upstream sent it. */
export type UpstreamObject = Record<string, unknown>;

/** The Job object: `POST /uploads` and `POST /crawls` → 202, `GET /jobs/{id}`, items of `GET /jobs`. */
export interface WireJob {
  id: string;
  kind: JobKind;
  namespace: string;
  status: JobStatus;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  /** Uploads: the file names, in order. */
  files: string[] | null;
  /** Uploads: one per file, same order. */
  document_ids: string[] | null;
  /** Crawls: the start addresses. */
  seed_urls: string[] | null;
  /** The upstream's job status object, once fetched. */
  upstream: UpstreamObject | null;
}

/** `POST /crawls` body: the contract's crawl request, with the ranges of `CRAWL_LIMITS`. */
export interface WireCrawlBody {
  namespace: string;
  seed_urls: string[];
  allowed_domains?: string[];
  max_pages: number;
  max_depth: number;
  rate_limit_rps: number;
  respect_robots_txt: boolean;
}

/** A list without paging (`GET /jobs`, `GET /namespaces`). */
export interface WireList<T> {
  data: T[];
}
