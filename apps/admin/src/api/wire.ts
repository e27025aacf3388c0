// JSON shapes of the relay's admin API on the network (apps/relay/docs/admin-api.md). Upstream objects
// (documents, job status) are passed through verbatim and the contract does not name all their fields,
// so they are typed loosely here and read through `upstream-fields.ts`.

export type JobStatus = 'processing' | 'completed' | 'completed_with_errors' | 'failed';
export type JobKind = 'ingest' | 'crawl';

export interface WireSession {
  authenticated: boolean;
  user?: { username: string };
  csrf_token?: string;
  expires_at?: string;
}

export interface WireFileRejection {
  index: number;
  filename: string;
  code: string;
  reason: string;
}

export interface WireErrorBody {
  error: {
    code: string;
    message: string;
    param?: string | null;
    files?: WireFileRejection[];
    retry_after?: number;
    upstream_status?: number;
    upstream_code?: string | null;
  };
}

export type UpstreamObject = Record<string, unknown>;

export interface WireJob {
  id: string;
  kind: JobKind;
  namespace: string;
  status: JobStatus;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  files: string[] | null;
  document_ids: string[] | null;
  seed_urls: string[] | null;
  upstream: UpstreamObject | null;
}

export interface WireList<T> {
  data: T[];
}

export interface WireDocumentPage {
  data: UpstreamObject[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface WireDeleteResult {
  id: string;
  deleted: boolean;
  chunks_deleted?: number;
  error?: { code: string; message: string };
}

export interface WireBulkDelete {
  results: WireDeleteResult[];
  chunks_deleted: number;
}

export interface WireNamespace {
  name: string;
  last_used_at: string | null;
}

export interface WireAuditEntry {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string;
  result: 'success' | 'failure';
  detail: Record<string, unknown> | null;
}

export interface WireAuditPage {
  data: WireAuditEntry[];
  next_cursor: string | null;
}

export interface WireOrigins {
  configured: string[];
  stored: string[];
  effective: string[];
}

export interface WireCrawlBody {
  namespace: string;
  seed_urls: string[];
  allowed_domains?: string[];
  max_pages: number;
  max_depth: number;
  rate_limit_rps: number;
  respect_robots_txt: boolean;
}
