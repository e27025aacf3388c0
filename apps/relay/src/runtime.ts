import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatbotClient } from '@amicus/chatbot-client';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import type { DestinationStream, Logger } from 'pino';
import { ensureAdminUser } from './admin/index.js';
import { activeStreams, createApp, dailyUsage, defaultAdmission } from './app.js';
import type { RelayConfig } from './config.js';
import { Transcripts } from './conversations/transcripts.js';
import { createCourtDates, startCourtDatesSweep } from './court-dates/index.js';
import type { RelayDeps } from './deps.js';
import { FeedbackStore } from './feedback/feedback-store.js';
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

export interface RunningRelay {
  url: string;
  app: Express;
  server: Server;
  deps: RelayDeps;
  /** The file holding the generated admin password, while it exists: print its path, never the content. */
  adminPasswordFile: string | undefined;
  /** Stops taking requests, lets open answers finish up to `graceMs`, then releases everything. */
  close(graceMs?: number): Promise<void>;
}

/** Opens the database and Redis and builds both upstream clients (chat and ingest keys apart). */
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
  const admission = defaultAdmission({ config, redis, now });
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
  return {
    config,
    sql,
    upstream: { chat: client(config.upstream.chatKey), ingest: client(config.upstream.ingestKey) },
    logger,
    now,
    redis,
    admission,
    widgetDistDir: options.widgetDistDir,
    courtDates: createCourtDates(config, { sql, logger, now, fetch: options.fetch }),
  };
}

/** Builds and starts a relay on `config.host:config.port` (port 0 picks a free one). */
export async function startRelay(
  config: RelayConfig,
  options: RelayRuntimeOptions = {},
): Promise<RunningRelay> {
  const deps = await buildDeps(config, options);
  const admin = await ensureAdminUser(deps);
  const app = createApp(deps);
  // These bound only a request's arrival (headers, then the whole body): a half-sent request is cut,
  // while an answer stream, whose request arrived long before, may run for MAX_STREAM_SECONDS.
  // Node checks them every `connectionsCheckingInterval`, so that follows the shorter bound.
  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
    },
    app,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const transcripts = new Transcripts(deps.sql, config.transcripts);
  const feedback = new FeedbackStore(deps.sql, config.transcripts);
  const purge = setInterval(
    () =>
      void Promise.all([transcripts.purge(deps.now()), feedback.purgeText(deps.now())]).catch(
        (error: unknown) => deps.logger.error({ err: error }, 'purge failed'),
      ),
    3_600_000,
  );
  purge.unref();
  void transcripts.purge(deps.now()).catch(() => undefined);
  const courtSweep = deps.courtDates
    ? startCourtDatesSweep(deps.courtDates, deps.logger, deps.now)
    : undefined;
  void feedback.purgeText(deps.now()).catch(() => undefined);
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    app,
    server,
    deps,
    adminPasswordFile: admin.passwordFile,
    close: (graceMs = config.shutdownGraceMs) => {
      clearInterval(courtSweep);
      closing ??= shutdown(server, app, deps, graceMs, purge);
      return closing;
    },
  };
}

async function shutdown(
  server: Server,
  app: Express,
  deps: RelayDeps,
  graceMs: number,
  purge: NodeJS.Timeout,
): Promise<void> {
  clearInterval(purge);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const streams = activeStreams(app);
  const deadline = Date.now() + graceMs;
  while (streams.size > 0 && Date.now() < deadline) {
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (streams.size > 0)
    deps.logger.warn({ streams: streams.size }, 'shutdown deadline: aborting open streams');
  for (const stream of streams) stream.abort();
  server.closeAllConnections();
  await closed;
  deps.admission?.close();
  await dailyUsage(app)
    .close()
    .catch((error: unknown) => deps.logger.error({ err: error }, 'could not save daily usage'));
  await deps.sql.close();
  await deps.redis?.quit().catch(() => undefined);
}
