import type { Logger } from 'pino';
import type { GenerationConfig } from './config.js';
import type { Db } from './db/database.js';
import type { ParseLimits } from './ingest/isolated-parse.js';

/**
 * Collaborators shared by every module of the API. Created once in main.ts (or by the test
 * harness) and passed down; nothing reads process.env outside config.ts.
 */
export interface AppDeps {
  db: Db;
  /** Directory of the data (database, pending uploads). */
  dataDir: string;
  now: () => Date;
  /** Injectable for tests; the crawler and the webhook sender use it. */
  fetch: typeof fetch;
  /** Optional so hand-built deps in tests stay short; absent = silent. */
  logger?: Logger;
  /** Operator allowlist of non-public hosts the crawler may reach (env CRAWL_ALLOW_HOSTS). */
  crawlAllowHosts?: readonly string[];
  /** OpenAI-compatible answer writer; absent or null = the built-in extractive answerer. */
  generation?: GenerationConfig | null;
  /** Heap and time limits of a file's parse in a worker thread; absent = PARSE_LIMITS (tests lower them). */
  parseLimits?: Partial<ParseLimits>;
}
