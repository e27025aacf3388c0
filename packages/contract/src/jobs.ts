// Ingest and crawl jobs as they appear on the network (snake_case). The contract fixes the status
// values and the error entries; other fields of the job status object are passed through as extras.

export const JOB_STATUSES = ['processing', 'completed', 'completed_with_errors', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The states a job ends in; each is announced once by a webhook. */
export type TerminalJobStatus = Exclude<JobStatus, 'processing'>;

export type JobKind = 'ingest' | 'crawl';

export function isJobStatus(value: unknown): value is JobStatus {
  return (JOB_STATUSES as readonly unknown[]).includes(value);
}

/** `POST /ingest/files` → 202. */
export interface IngestAccepted {
  job_id: string;
  document_ids: string[];
  status: 'processing';
}

/** `GET /ingest/jobs/{jobId}`. */
export interface IngestJob {
  status: JobStatus;
  errors: { document_id: string; error: string }[];
  [extra: string]: unknown;
}

/** `POST /ingest/crawl` body; ranges and defaults in `CRAWL_LIMITS`. */
export interface CrawlRequest {
  namespace: string;
  seed_urls: string[];
  allowed_domains?: string[];
  max_pages?: number;
  max_depth?: number;
  rate_limit_rps?: number;
  respect_robots_txt?: boolean;
}

/** `POST /ingest/crawl` → 202. */
export interface CrawlAccepted {
  crawl_job_id: string;
  status: 'processing';
}

/** `GET /ingest/crawl/{crawlJobId}`. */
export interface CrawlJob {
  status: JobStatus;
  errors: { url: string; error: string }[];
  [extra: string]: unknown;
}

export type JobEvent = 'ingest.completed' | 'crawl.completed';
