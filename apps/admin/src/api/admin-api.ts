import type {
  UpstreamObject,
  WireAuditPage,
  WireBulkDelete,
  WireCrawlBody,
  WireDeleteResult,
  WireDocumentPage,
  WireJob,
  WireList,
  WireNamespace,
  WireOrigins,
  WireSession,
} from '@amicus/protocol/admin';
import type { CrawlRequest } from '../validation/crawl-rules.js';
import { type AdminApiError, fromResponse, NetworkError, SignedOutError } from './errors.js';

export interface AdminApiOptions {
  base?: string;
  fetch?: typeof fetch;
  /** Called when any call finds the session gone, so the app can show the sign-in page. */
  onSignedOut?: () => void;
}

export interface DocumentQuery {
  limit?: number;
  after?: string | null;
  namespace?: string;
  status?: string;
  sourceType?: string;
  q?: string;
}

export interface AuditQuery {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  before?: string | null;
  limit?: number;
}

function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    // The API treats an empty filter as a validation error, so blanks are left out.
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

/** Client for the relay's admin API; keeps the session's CSRF token for state-changing calls. */
export class AdminApi {
  readonly base: string;
  csrfToken: string | null = null;
  private readonly fetchFn: typeof fetch;
  private readonly onSignedOut: () => void;

  constructor({
    base = '/admin/api',
    fetch: fetchFn = globalThis.fetch.bind(globalThis),
    onSignedOut = () => {},
  }: AdminApiOptions = {}) {
    this.base = base;
    this.fetchFn = fetchFn;
    this.onSignedOut = onSignedOut;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && this.csrfToken) headers['X-CSRF-Token'] = this.csrfToken;
    let res: Response;
    try {
      res = await this.fetchFn(`${this.base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new NetworkError();
    }
    if (res.status === 204) return undefined as T;
    const parsed: unknown = await res.json().catch(() => null);
    if (!res.ok) throw this.failed(res.status, parsed, res.headers.get('Retry-After'));
    return parsed as T;
  }

  /** Maps an error response and reports a lost session once, wherever the call came from. */
  failed(status: number, body: unknown, retryAfter: string | null): AdminApiError {
    const err = fromResponse(status, body, retryAfter);
    if (err instanceof SignedOutError) {
      this.csrfToken = null;
      this.onSignedOut();
    }
    return err;
  }

  async session(): Promise<WireSession> {
    const s = await this.request<WireSession>('GET', '/session');
    this.csrfToken = s.authenticated ? (s.csrf_token ?? null) : null;
    return s;
  }

  async login(username: string, password: string): Promise<WireSession> {
    const s = await this.request<WireSession>('POST', '/login', { username, password });
    this.csrfToken = s.csrf_token ?? null;
    return s;
  }

  async logout(): Promise<void> {
    try {
      await this.request<void>('POST', '/logout');
    } finally {
      this.csrfToken = null;
    }
  }

  startCrawl(req: CrawlRequest): Promise<WireJob> {
    const body: WireCrawlBody = {
      namespace: req.namespace,
      seed_urls: req.seedUrls,
      max_pages: req.maxPages,
      max_depth: req.maxDepth,
      rate_limit_rps: req.rateLimitRps,
      respect_robots_txt: req.respectRobotsTxt,
      // Left out when empty so the upstream applies its default (the seed URLs' hosts).
      ...(req.allowedDomains.length > 0 ? { allowed_domains: req.allowedDomains } : {}),
    };
    return this.request('POST', '/crawls', body);
  }

  listJobs(limit = 50): Promise<WireList<WireJob>> {
    return this.request('GET', `/jobs${query({ limit })}`);
  }

  getJob(id: string): Promise<WireJob> {
    return this.request('GET', `/jobs/${encodeURIComponent(id)}`);
  }

  listDocuments(q: DocumentQuery): Promise<WireDocumentPage> {
    const { limit, after, namespace, status, sourceType, q: search } = q;
    return this.request(
      'GET',
      `/documents${query({ limit, after, namespace, status, source_type: sourceType, q: search })}`,
    );
  }

  getDocument(id: string): Promise<UpstreamObject> {
    return this.request('GET', `/documents/${encodeURIComponent(id)}`);
  }

  deleteDocument(id: string): Promise<WireDeleteResult> {
    return this.request('DELETE', `/documents/${encodeURIComponent(id)}`);
  }

  bulkDelete(ids: string[]): Promise<WireBulkDelete> {
    return this.request('POST', '/documents/bulk-delete', { ids });
  }

  namespaces(): Promise<WireList<WireNamespace>> {
    return this.request('GET', '/namespaces');
  }

  audit(q: AuditQuery): Promise<WireAuditPage> {
    return this.request('GET', `/audit${query({ ...q })}`);
  }

  origins(): Promise<WireOrigins> {
    return this.request('GET', '/settings/origins');
  }

  saveOrigins(origins: string[]): Promise<WireOrigins> {
    return this.request('PUT', '/settings/origins', { origins });
  }
}
