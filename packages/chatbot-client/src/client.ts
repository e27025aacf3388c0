import type {
  CrawlAccepted,
  CrawlJob,
  CrawlRequest,
  Document,
  DocumentDeleted,
  IngestAccepted,
  IngestJob,
} from '@amicus/contract';
import type { RateLimitInfo } from './rate-limit-info.js';
import type { Stream } from './stream.js';
import { type RequestOptions, type ResponseInfo, Transport } from './transport.js';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  Conversation,
  ConversationStreamFrame,
  ConversationWithMessages,
  CreateConversationRequest,
  DocumentList,
  ListDocumentsQuery,
  ListEnvelope,
  Model,
  SendMessageResponse,
} from './wire.js';

export interface ChatbotClientOptions {
  /** The service address including `/v1`. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Retries of one call after the first attempt (default 2). */
  maxRetries?: number;
  /** Deadline for the response headers of one attempt (default 60 s). */
  timeoutMs?: number;
  /** Longest server-requested wait the client sits out itself (default 10 s). */
  maxRetryDelayMs?: number;
  /** Called after every HTTP response, errors included; used to follow the account's budget. */
  onResponse?: (info: ResponseInfo) => void;
  /** Injected by tests that need deterministic jitter. */
  random?: () => number;
}

/** A multipart body built by the caller and streamed through as is (never buffered here). */
export interface MultipartUpload {
  body: NonNullable<RequestInit['body']>;
  /** Must carry the boundary, e.g. `multipart/form-data; boundary=…`. */
  contentType: string;
}

const segment = (id: string) => encodeURIComponent(id);

/** Typed client for the Chatbot API contract (`/v1`). */
export class ChatbotClient {
  private readonly transport: Transport;

  constructor({
    baseUrl,
    apiKey,
    fetch: injectedFetch,
    maxRetries = 2,
    timeoutMs = 60_000,
    maxRetryDelayMs = 10_000,
    onResponse,
    random = Math.random,
  }: ChatbotClientOptions) {
    if (!baseUrl) throw new Error('ChatbotClient needs a baseUrl.');
    if (!apiKey) throw new Error('ChatbotClient needs an apiKey.');
    this.transport = new Transport({
      baseUrl,
      apiKey,
      fetch: injectedFetch ?? globalThis.fetch,
      // An injected fetch (tests, instrumentation) sees every request, streams included.
      nodeStreams: injectedFetch === undefined,
      timeoutMs,
      onResponse,
      retry: { maxRetries, maxDelayMs: maxRetryDelayMs, baseDelayMs: 500, random },
    });
  }

  /** The budget reported by the most recent response that carried `RateLimit-*` headers. */
  get rateLimit(): RateLimitInfo | null {
    return this.transport.lastRateLimit;
  }

  listModels(opts: RequestOptions = {}): Promise<ListEnvelope<Model>> {
    return this.transport.json({ ...opts, method: 'GET', path: '/models' });
  }

  getModel(modelId: string, opts: RequestOptions = {}): Promise<Model> {
    return this.transport.json({ ...opts, method: 'GET', path: `/models/${segment(modelId)}` });
  }

  createChatCompletion(body: ChatCompletionRequest, opts: RequestOptions = {}): Promise<ChatCompletion> {
    return this.transport.json({
      ...opts,
      method: 'POST',
      path: '/chat/completions',
      json: { ...body, stream: false },
    });
  }

  streamChatCompletion(
    body: ChatCompletionRequest,
    opts: RequestOptions = {},
  ): Promise<Stream<ChatCompletionChunk>> {
    return this.transport.stream({
      ...opts,
      method: 'POST',
      path: '/chat/completions',
      json: { ...body, stream: true },
    });
  }

  createConversation(body: CreateConversationRequest = {}, opts: RequestOptions = {}): Promise<Conversation> {
    return this.transport.json({ ...opts, method: 'POST', path: '/conversations', json: body });
  }

  getConversation(conversationId: string, opts: RequestOptions = {}): Promise<ConversationWithMessages> {
    return this.transport.json({ ...opts, method: 'GET', path: `/conversations/${segment(conversationId)}` });
  }

  async deleteConversation(conversationId: string, opts: RequestOptions = {}): Promise<void> {
    await this.transport.json({
      ...opts,
      method: 'DELETE',
      path: `/conversations/${segment(conversationId)}`,
    });
  }

  sendMessage(
    conversationId: string,
    content: string,
    opts: RequestOptions = {},
  ): Promise<SendMessageResponse> {
    return this.transport.json({
      ...opts,
      method: 'POST',
      path: `/conversations/${segment(conversationId)}/messages`,
      json: { content, stream: false },
    });
  }

  streamMessage(
    conversationId: string,
    content: string,
    opts: RequestOptions = {},
  ): Promise<Stream<ConversationStreamFrame>> {
    return this.transport.stream({
      ...opts,
      method: 'POST',
      path: `/conversations/${segment(conversationId)}/messages`,
      json: { content, stream: true },
    });
  }

  listDocuments(query: ListDocumentsQuery = {}, opts: RequestOptions = {}): Promise<DocumentList> {
    return this.transport.json({ ...opts, method: 'GET', path: '/documents', query: { ...query } });
  }

  getDocument(documentId: string, opts: RequestOptions = {}): Promise<Document> {
    return this.transport.json({ ...opts, method: 'GET', path: `/documents/${segment(documentId)}` });
  }

  deleteDocument(documentId: string, opts: RequestOptions = {}): Promise<DocumentDeleted> {
    return this.transport.json({ ...opts, method: 'DELETE', path: `/documents/${segment(documentId)}` });
  }

  /** Streams a caller-built multipart body straight through; never retried (it can be read once). */
  uploadFiles(upload: MultipartUpload, opts: RequestOptions = {}): Promise<IngestAccepted> {
    return this.transport.json({ ...opts, method: 'POST', path: '/ingest/files', raw: upload });
  }

  getIngestJob(jobId: string, opts: RequestOptions = {}): Promise<IngestJob> {
    return this.transport.json({ ...opts, method: 'GET', path: `/ingest/jobs/${segment(jobId)}` });
  }

  startCrawl(body: CrawlRequest, opts: RequestOptions = {}): Promise<CrawlAccepted> {
    return this.transport.json({ ...opts, method: 'POST', path: '/ingest/crawl', json: body });
  }

  getCrawlJob(crawlJobId: string, opts: RequestOptions = {}): Promise<CrawlJob> {
    return this.transport.json({ ...opts, method: 'GET', path: `/ingest/crawl/${segment(crawlJobId)}` });
  }
}
