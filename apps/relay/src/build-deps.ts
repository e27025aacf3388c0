import { ChatbotClient } from '@amicus/chatbot-client';
import { Redis } from 'ioredis';
import type { DestinationStream, Logger } from 'pino';
import type { RelayConfig } from './config.js';
import { Transcripts } from './conversations/transcripts.js';
import { createCourtDates } from './court-dates/index.js';
import type { RelayDeps } from './deps.js';
import { FeedbackStore } from './feedback/feedback-store.js';
import { housekeeping } from './housekeeping.js';
import { AdmissionController } from './limits/admission.js';
import { DailyUsage } from './limits/daily-usage.js';
import { memorySlotStore, redisSlotStore, type StreamSlots, streamSlots } from './limits/stream-slots.js';
import { memoryWindowCounter, redisWindowCounter } from './limits/window-counter.js';
import { createLogger } from './logger.js';
import { allMigrations } from './migrations.js';
import { openDatabase } from './storage/open.js';

export interface RelayRuntimeOptions {
  logger?: Logger;
  logDestination?: DestinationStream;
  now?: () => Date;
  fetch?: typeof fetch;
  widgetDistDir?: string;
}

function admissionController(config: RelayConfig, redis: Redis | undefined, now: () => Date) {
  return new AdmissionController({
    now: () => now().getTime(),
    counter: redis ? redisWindowCounter(redis, config.redisPrefix) : memoryWindowCounter(),
    requestsPerMinute: config.upstream.requestsPerMinute,
    queueSize: config.limits.admissionQueueSize,
    maxWaitMs: config.limits.admissionMaxWaitMs,
    ipShare: config.limits.ipUpstreamShare,
  });
}

function openStreamSlots(config: RelayConfig, redis: Redis | undefined, logger: Logger): StreamSlots {
  const { maxStreamSeconds, admissionMaxWaitMs, streamsPerVisitor, streamsPerIp } = config.limits;
  return streamSlots({
    store: redis ? redisSlotStore(redis, config.redisPrefix) : memorySlotStore(),
    perVisitor: streamsPerVisitor,
    perIp: streamsPerIp,
    // A stream holds its slot through the admission wait, the upstream's answer and its lifetime.
    leaseMs: maxStreamSeconds * 1000 + admissionMaxWaitMs + config.upstream.timeoutMs + 60_000,
    onStoreError: (error) =>
      logger.warn({ err: { message: (error as Error).message } }, 'stream slots unavailable; not capped'),
  });
}

/**
 * Opens the database and Redis and builds every object with a lifecycle (both upstream clients, chat
 * and ingest keys apart; admission; daily usage; open streams and their slots; transcripts; feedback;
 * housekeeping). `shutdown` in runtime.ts releases them.
 */
export async function buildDeps(config: RelayConfig, options: RelayRuntimeOptions = {}): Promise<RelayDeps> {
  const logger = options.logger ?? createLogger(config, options.logDestination);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })
    : undefined;
  // An unreachable Redis is logged, not fatal: counters fail open and the upstream still limits.
  redis?.on('error', (error: Error) => logger.warn({ err: { message: error.message } }, 'redis error'));
  const sql = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.embeddedDataDir,
    schema: config.databaseSchema,
    migrations: allMigrations,
  });
  const now = options.now ?? (() => new Date());
  const admission = admissionController(config, redis, now);
  const client = (apiKey: string) =>
    new ChatbotClient({
      baseUrl: config.upstream.baseUrl,
      apiKey,
      maxRetries: config.upstream.maxRetries,
      timeoutMs: config.upstream.timeoutMs,
      // A visitor should not stare at a spinner while the relay sits out a long Retry-After:
      // longer waits go back to the widget, which shows them.
      maxRetryDelayMs: 2000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      onResponse: (info) => {
        if (info.rateLimit) admission.observe(info.rateLimit);
      },
    });
  const transcripts = new Transcripts(sql, config.transcripts);
  const feedback = new FeedbackStore(sql, config.transcripts);
  const courtDates = createCourtDates(config, { sql, logger, now, fetch: options.fetch });
  return {
    config,
    sql,
    upstream: { chat: client(config.upstream.chatKey), ingest: client(config.upstream.ingestKey) },
    logger,
    now,
    redis,
    admission,
    usage: new DailyUsage(sql, config, now),
    streams: new Set(),
    streamSlots: openStreamSlots(config, redis, logger),
    transcripts,
    feedback,
    housekeeping: housekeeping({ transcripts, feedback, courtDates, logger, now }),
    widgetDistDir: options.widgetDistDir,
    courtDates,
  };
}
