// `@amicus/contract`: the Chatbot API contract's shared rules and wire shapes, written once
// (shared/spec/chatbot-api.md). No Node-only APIs here: the admin SPA bundles this entry.
export { CRAWL_BUDGET_MS, CRAWL_DEFAULTS, CRAWL_LIMITS } from './crawl.js';
export type { Document, DocumentDeleted, DocumentStatus } from './documents.js';
export type { AllowedExtension, FilenameProblem } from './file-names.js';
export {
  ALLOWED_EXTENSIONS,
  filenameProblem,
  hasUnprintableCharacters,
  isAllowedExtension,
  utf8ByteLength,
} from './file-names.js';
export { formatBytes } from './format-bytes.js';
export type {
  CrawlAccepted,
  CrawlJob,
  CrawlRequest,
  IngestAccepted,
  IngestJob,
  JobEvent,
  JobKind,
  JobStatus,
  TerminalJobStatus,
} from './jobs.js';
export { isJobStatus, JOB_STATUSES } from './jobs.js';
export {
  CONVERSATION_METADATA,
  CONVERSATION_WINDOW,
  DOCUMENTS_PAGE,
  EMBEDDING_DIMENSIONS,
  MAX_COMPLETION_TOKENS,
  MAX_EMBEDDING_INPUTS,
  MAX_FILE_BYTES,
  MAX_FILENAME_BYTES,
  MAX_FILES_PER_UPLOAD,
  MAX_JSON_BODY_BYTES,
  MAX_MESSAGE_CHARS,
  MAX_MESSAGES_PER_COMPLETION,
  MAX_MULTIPART_BODY_BYTES,
} from './limits.js';
export { DEFAULT_NAMESPACE, isNamespace, NAMESPACE_MESSAGE, NAMESPACE_PATTERN } from './namespace.js';
export type { SignatureCheck } from './webhook-signature.js';
export {
  formatSignatureHeader,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
} from './webhook-signature.js';
