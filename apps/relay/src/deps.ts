import type { ChatbotClient } from '@amicus/chatbot-client';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RelayConfig } from './config.js';
import type { Transcripts } from './conversations/transcripts.js';
import type { CourtDates } from './court-dates/service.js';
import type { FeedbackStore } from './feedback/feedback-store.js';
import type { Housekeeping } from './housekeeping.js';
import type { AdmissionController } from './limits/admission.js';
import type { DailyUsage } from './limits/daily-usage.js';
import type { StreamSlots } from './limits/stream-slots.js';
import type { SqlClient } from './storage/sql.js';

/**
 * Collaborators of every relay module, built once by `buildDeps` (main.ts and the test harnesses) and
 * passed down; `shutdown` releases what has a lifecycle. Two upstream clients, least privilege:
 * `chat` holds only the chat-scoped key, `ingest` only the ingest-scoped key.
 */
export interface RelayDeps {
  config: RelayConfig;
  sql: SqlClient;
  upstream: { chat: ChatbotClient; ingest: ChatbotClient };
  logger: Logger;
  now: () => Date;
  /** Shared counters across instances (`REDIS_URL`); absent = in-process counters. */
  redis?: Redis | undefined;
  /** The global upstream admission controller (the upstream clients report their rate limits to it). */
  admission: AdmissionController;
  /** Pending daily counts per site; flushed at shutdown. */
  usage: DailyUsage;
  /** Abort handles of the answers streaming right now; graceful shutdown waits for them. */
  streams: Set<AbortController>;
  /** Caps on answer streams open at once, per visitor and per client address. */
  streamSlots: StreamSlots;
  transcripts: Transcripts;
  feedback: FeedbackStore;
  /** Hourly purges and the court-date sweep: started once the relay listens, stopped at shutdown. */
  housekeeping: Housekeeping;
  /** Built widget files; defaults to `@amicus/widget`'s dist/. */
  widgetDistDir?: string | undefined;
  /** Court-date look-ups and reminders; absent when `SCHEDULING_*` is not configured. */
  courtDates?: CourtDates | undefined;
}
