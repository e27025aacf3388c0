import type { ChatbotClient } from '@amicus/chatbot-client';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RelayConfig } from './config.js';
import type { CourtDates } from './court-dates/service.js';
import type { AdmissionController } from './limits/admission.js';
import type { SqlClient } from './storage/sql.js';

/**
 * Collaborators of every relay module, built once in main.ts (or the test harness) and passed down.
 * Two upstream clients, least privilege: `chat` holds only the chat-scoped key, `ingest` only the
 * ingest-scoped key.
 */
export interface RelayDeps {
  config: RelayConfig;
  sql: SqlClient;
  upstream: { chat: ChatbotClient; ingest: ChatbotClient };
  logger: Logger;
  now: () => Date;
  /** Shared counters across instances (`REDIS_URL`); absent = in-process counters. */
  redis?: Redis | undefined;
  /** The global upstream admission controller; built by `createApp` when absent. */
  admission?: AdmissionController | undefined;
  /** Built widget files; defaults to `@amicus/widget`'s dist/. */
  widgetDistDir?: string | undefined;
  /** Court-date look-ups and reminders; absent when `SCHEDULING_*` is not configured. */
  courtDates?: CourtDates | undefined;
}
