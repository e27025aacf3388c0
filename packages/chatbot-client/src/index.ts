// The contract's job and document shapes, re-exported so callers of the client need one import.
export type {
  CrawlAccepted,
  CrawlJob,
  CrawlRequest,
  Document,
  DocumentDeleted,
  DocumentStatus,
  IngestAccepted,
  IngestJob,
  JobStatus,
} from '@amicus/contract';
export type { ChatbotClientOptions, MultipartUpload } from './client.js';
export { ChatbotClient } from './client.js';
export {
  AuthenticationError,
  BadRequestError,
  ChatbotApiError,
  ConnectionError,
  fromResponse,
  InternalServerError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  StreamError,
  UpstreamUnavailableError,
} from './errors.js';
export type { RateLimitInfo } from './rate-limit-info.js';
export { parseRateLimit, parseRetryAfter } from './rate-limit-info.js';
export { isRetryable } from './retry.js';
export { Stream } from './stream.js';
export type { RequestOptions, ResponseInfo } from './transport.js';
export type {
  ApiErrorBody,
  ApiErrorEnvelope,
  AssistantMessage,
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatMessageParam,
  Citation,
  Conversation,
  ConversationMessage,
  ConversationStreamFrame,
  ConversationWithMessages,
  CreateConversationRequest,
  DocumentList,
  ListDocumentsQuery,
  ListEnvelope,
  Model,
  SendMessageResponse,
  Usage,
} from './wire.js';
