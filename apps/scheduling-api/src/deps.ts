import type { Logger } from 'pino';
import type { Db } from './db/database.js';
import type { FaultQueue } from './http/faults.js';

/**
 * Collaborators shared by every module. Created once in main.ts (or by the test harness) and passed
 * down; nothing reads process.env outside config.ts.
 */
export interface AppDeps {
  db: Db;
  now: () => Date;
  /** Access-token lifetime in seconds. */
  tokenTtlSeconds: number;
  /** Optional so hand-built deps in tests stay short; absent = silent. */
  logger?: Logger;
  /** Failures injected by the test harness; absent in production. */
  faults?: FaultQueue;
}
