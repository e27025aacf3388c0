import express, { type Express, Router } from 'express';
import { documentLinks } from './admin/document-links.js';
import { conversationHelpMetadata, createAdminRouter } from './admin/index.js';
import { ConversationOwnership } from './conversations/ownership.js';
import { conversationRoutes } from './conversations/routes.js';
import { Transcripts } from './conversations/transcripts.js';
import { courtDateRoutes } from './court-dates/index.js';
import type { RelayDeps } from './deps.js';
import { feedbackHandler } from './feedback/feedback-route.js';
import { FeedbackStore, feedbackObserver } from './feedback/feedback-store.js';
import { healthRoutes } from './http/health.js';
import { errorHandler, HttpError } from './http/http-error.js';
import { cached, originGuard, trustedSelfOrigin } from './http/origin.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import { AdmissionController } from './limits/admission.js';
import { DailyUsage } from './limits/daily-usage.js';
import { byIp, byVisitor, limiterFactory } from './limits/rate-limits.js';
import { memorySlotStore, redisSlotStore, type StreamSlots, streamSlots } from './limits/stream-slots.js';
import { memoryWindowCounter, redisWindowCounter } from './limits/window-counter.js';
import { effectiveAllowedOrigins } from './origins/allowlist.js';
import { createSessionHandler, requireVisitor } from './sessions/sessions.js';
import { createWebhookRouter } from './webhooks/index.js';
import { widgetDistDir } from './widget/widget-assets.js';
import { widgetRoutes } from './widget/widget-routes.js';

/** Pending daily counts of this app, flushed at shutdown. */
export function dailyUsage(app: Express): DailyUsage {
  return app.locals.usage as DailyUsage;
}

/** Abort handles of the answers streaming right now; graceful shutdown waits for them. */
export function activeStreams(app: Express): Set<AbortController> {
  return app.locals.streams as Set<AbortController>;
}

export function defaultAdmission(
  deps: Pick<RelayDeps, 'config' | 'redis'> & { now?: (() => Date) | undefined },
): AdmissionController {
  const { config, redis, now } = deps;
  return new AdmissionController({
    ...(now ? { now: () => now().getTime() } : {}),
    counter: redis ? redisWindowCounter(redis, config.redisPrefix) : memoryWindowCounter(),
    requestsPerMinute: config.upstream.requestsPerMinute,
    queueSize: config.limits.admissionQueueSize,
    maxWaitMs: config.limits.admissionMaxWaitMs,
    ipShare: config.limits.ipUpstreamShare,
  });
}

function defaultStreamSlots(deps: RelayDeps): StreamSlots {
  const { config, redis } = deps;
  const { maxStreamSeconds, admissionMaxWaitMs, streamsPerVisitor, streamsPerIp } = config.limits;
  return streamSlots({
    store: redis ? redisSlotStore(redis, config.redisPrefix) : memorySlotStore(),
    perVisitor: streamsPerVisitor,
    perIp: streamsPerIp,
    // A stream holds its slot through the admission wait, the upstream's answer and its lifetime.
    leaseMs: maxStreamSeconds * 1000 + admissionMaxWaitMs + config.upstream.timeoutMs + 60_000,
    onStoreError: (error) =>
      deps.logger.warn(
        { err: { message: (error as Error).message } },
        'stream slots unavailable; not capped',
      ),
  });
}

/** Builds the relay's Express app (no listening: main.ts and the test harness do that). */
export function createApp(deps: RelayDeps): Express {
  const { config, sql, now } = deps;
  const app = express();
  const streams = new Set<AbortController>();
  app.locals.streams = streams;
  app.disable('x-powered-by');
  // A hop count, never `true`: only addresses appended by our own proxies are believed.
  app.set('trust proxy', config.trustProxy === 0 ? false : config.trustProxy);

  app.use(requestContext({ logger: deps.logger }));
  app.use(securityHeaders({ crossOriginResourcePolicy: { policy: 'same-origin' } }));
  app.use(healthRoutes({ sql, upstreamBaseUrl: config.upstream.baseUrl }));
  const limits = limiterFactory({ redis: deps.redis, prefix: config.redisPrefix });
  // Raw body: the webhook signature covers the exact bytes, so no JSON parser may run first. The
  // per-IP limit comes before the body is read, so a flood of (slow) deliveries is refused at once.
  app.use(
    '/webhooks/chatbot',
    limits({ name: 'webhook', limit: config.limits.webhooksPerIpPerMinute, key: byIp }),
    createWebhookRouter(deps),
  );
  app.use('/admin', createAdminRouter(deps));
  app.use(
    widgetRoutes({ distDir: deps.widgetDistDir ?? widgetDistDir(), publicUrl: config.server.publicUrl }),
  );

  const usage = new DailyUsage(sql, config, now);
  app.locals.usage = usage;
  const visitorRule = { name: 'visitor', limit: config.limits.visitorPerMinute, key: byVisitor };
  const allowedOrigins = cached(() => effectiveAllowedOrigins(deps), 5_000);
  const api = Router();
  api.use(originGuard({ allowedOrigins, ownOrigin: trustedSelfOrigin(config.server.publicOrigin) }));
  api.use(limits({ name: 'ip', limit: config.limits.ipPerMinute, key: byIp }));
  api.use(express.json({ limit: config.limits.bodyLimitBytes }));
  api.post(
    '/sessions',
    limits({ name: 'sessions', limit: config.limits.sessionsPerIpPerMinute, key: byIp }),
    createSessionHandler({ config, now }),
  );
  const ownership = new ConversationOwnership(sql);
  const admission = deps.admission ?? defaultAdmission(deps);
  const transcripts = new Transcripts(sql, config.transcripts);
  const feedback = new FeedbackStore(sql, config.transcripts);
  api.post(
    '/feedback',
    requireVisitor({ config, now }),
    limits(visitorRule),
    feedbackHandler({ chat: deps.upstream.chat, ownership, transcripts, admission, store: feedback, now }),
  );
  api.use(
    '/conversations',
    requireVisitor({ config, now }),
    conversationRoutes({
      config,
      chat: deps.upstream.chat,
      ownership,
      admission,
      usage,
      transcripts,
      answers: feedbackObserver(feedback),
      documentLinks: () => documentLinks(sql),
      streams,
      streamSlots: defaultStreamSlots(deps),
      visitorLimit: limits(visitorRule),
      // The answer path counts both in one pass.
      messageLimit: limits(visitorRule, {
        name: 'messages',
        limit: config.limits.messagesPerVisitorPerMinute,
        key: byVisitor,
      }),
      now,
      conversationMetadata: () => conversationHelpMetadata(sql),
    }),
  );
  api.use(
    courtDateRoutes({
      courtDates: deps.courtDates,
      warrants: config.warrants,
      limits,
      visitor: [requireVisitor({ config, now }), limits(visitorRule)],
      maxTextChars: config.limits.maxMessageChars,
    }),
  );
  app.use('/api', api);
  app.use((_req, _res, next) => next(new HttpError('not_found', 'Unknown route.')));
  app.use(errorHandler());
  return app;
}
