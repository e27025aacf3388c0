// The upstream contract's numbers (shared/spec/chatbot-api.md, "Limits" and "Ingestion and documents").
// Kept in one place so the form help text and the checks can never disagree.

export const ALLOWED_EXTENSIONS = [
  '.csv',
  '.docx',
  '.eml',
  '.htm',
  '.html',
  '.md',
  '.pdf',
  '.txt',
  '.xlsx',
] as const;
export const MAX_FILE_BYTES = 26_214_400; // 25 MiB
export const MAX_FILES_PER_UPLOAD = 20;
export const MAX_FILENAME_BYTES = 255;

export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const DEFAULT_NAMESPACE = 'general';

export const CRAWL_LIMITS = {
  seedUrls: { min: 1, max: 100 },
  maxPages: { min: 1, max: 500, default: 50 },
  maxDepth: { min: 1, max: 10, default: 3 },
  rateLimitRps: { min: 0.1, max: 10, default: 2 },
} as const;

/** A crawl that runs longer than this ends `failed` upstream. */
export const CRAWL_BUDGET_MS = 10 * 60 * 1000;
