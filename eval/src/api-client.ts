import type { JobStatus } from '@amicus/contract';

/** The few Chatbot API calls the eval makes, over HTTP as any customer would (see shared/spec/chatbot-api.md). */

/** Citation object as it comes over the wire. */
export interface CitationWire {
  source_index: number;
  document_id: string;
  source_filename: string;
  chunk_index: number;
  text_preview: string;
  score: number;
}

export interface AssistantMessageWire {
  role: 'assistant';
  content: string | null;
  citations: CitationWire[] | null;
}

interface DocumentWire {
  id: string;
  source_url: string | null;
  filename: string;
  status: string;
}

interface CrawlJobWire {
  status: JobStatus;
  pages_crawled?: number;
  documents_indexed?: number;
  errors: { url: string; error: string }[];
}

export class EvalApiError extends Error {
  override name = 'EvalApiError';
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  /** Base URL including `/v1`. */
  baseUrl: string;
  chatKey: string;
  ingestKey: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface CrawlOptions {
  namespace: string;
  seedUrls: string[];
  maxPages: number;
  maxDepth: number;
  rateLimitRps: number;
}

export function createApiClient({
  baseUrl,
  chatKey,
  ingestKey,
  fetch: doFetch = globalThis.fetch,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: ApiClientOptions) {
  async function call<T>(key: string, method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const json = text.length > 0 ? (JSON.parse(text) as unknown) : undefined;
      if (res.ok) return json as T;
      // A busy machine can still meet the account's rate limit: wait as told, a few times.
      if ((res.status === 429 || res.status === 503) && attempt < 5) {
        await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
        continue;
      }
      const error = (json as { error?: { code?: string | null; message?: string } } | undefined)?.error;
      throw new EvalApiError(
        res.status,
        error?.code ?? null,
        `${method} ${path}: ${res.status} ${error?.message ?? text}`,
      );
    }
  }

  return {
    async startCrawl(o: CrawlOptions): Promise<string> {
      const body = {
        namespace: o.namespace,
        seed_urls: o.seedUrls,
        max_pages: o.maxPages,
        max_depth: o.maxDepth,
        rate_limit_rps: o.rateLimitRps,
        respect_robots_txt: true,
      };
      const res = await call<{ crawl_job_id: string }>(ingestKey, 'POST', '/ingest/crawl', body);
      return res.crawl_job_id;
    },

    /** Polls the crawl job until it leaves `processing`. */
    async waitForCrawl(jobId: string, { pollMs = 250, timeoutMs = 11 * 60_000 } = {}): Promise<CrawlJobWire> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await call<CrawlJobWire>(ingestKey, 'GET', `/ingest/crawl/${jobId}`);
        if (job.status !== 'processing') return job;
        if (Date.now() > deadline) throw new Error(`crawl ${jobId} still processing after ${timeoutMs} ms`);
        await sleep(pollMs);
      }
    },

    /** Document id → source URL, for every document of the namespace. */
    async documentUrls(namespace: string): Promise<Map<string, string>> {
      const urls = new Map<string, string>();
      let after: string | null = null;
      for (;;) {
        const query: string = `/documents?limit=1000&namespace=${encodeURIComponent(namespace)}${after ? `&after=${after}` : ''}`;
        const page = await call<{ data: DocumentWire[]; has_more: boolean; last_id: string | null }>(
          ingestKey,
          'GET',
          query,
        );
        for (const d of page.data) urls.set(d.id, d.source_url ?? d.filename);
        if (!page.has_more || page.last_id === null) return urls;
        after = page.last_id;
      }
    },

    async createConversation(): Promise<string> {
      const res = await call<{ id: string }>(chatKey, 'POST', '/conversations', {});
      return res.id;
    },

    /**
     * Why the chatbot-api answers the last message as it does (its `amicus_explain` extension, the
     * admin "Try it" view): concepts, passages with scores, outcome and reason.
     */
    async explain(messages: { role: 'user' | 'assistant'; content: string }[]): Promise<unknown> {
      const res = await call<{ amicus_explanation?: unknown }>(chatKey, 'POST', '/chat/completions', {
        messages,
        amicus_explain: true,
      });
      return res.amicus_explanation ?? null;
    },
    async ask(conversationId: string, content: string): Promise<AssistantMessageWire> {
      const res = await call<{ message: AssistantMessageWire }>(
        chatKey,
        'POST',
        `/conversations/${conversationId}/messages`,
        {
          content,
        },
      );
      return res.message;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
