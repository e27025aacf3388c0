import express, { type Express, Router } from 'express';
import { createAdminRouter, effectiveAllowedOrigins } from './admin/index.js';
import { ConversationOwnership } from './conversations/ownership.js';
import { conversationRoutes } from './conversations/routes.js';
import { Transcripts } from './conversations/transcripts.js';
import type { RelayDeps } from './deps.js';
import { healthRoutes } from './http/health.js';
import { errorHandler, HttpError } from './http/http-error.js';
import { cached, originGuard, selfOrigin } from './http/origin.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import { AdmissionController } from './limits/admission.js';
import { DailyUsage } from './limits/daily-usage.js';
import { byIp, byVisitor, limiterFactory } from './limits/rate-limits.js';
import { memoryWindowCounter, redisWindowCounter } from './limits/window-counter.js';
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

export function defaultAdmission(deps: Pick<RelayDeps, 'config' | 'redis'>): AdmissionController {
  const { config, redis } = deps;
  return new AdmissionController({
    counter: redis ? redisWindowCounter(redis, config.redisPrefix) : memoryWindowCounter(),
    requestsPerMinute: config.upstream.requestsPerMinute,
    queueSize: config.limits.admissionQueueSize,
    maxWaitMs: config.limits.admissionMaxWaitMs,
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
  // Raw body: the webhook signature covers the exact bytes, so no JSON parser may run first.
  app.use('/webhooks/chatbot', createWebhookRouter(deps));
  app.use('/admin', createAdminRouter(deps));
  app.use(widgetRoutes({ distDir: deps.widgetDistDir ?? widgetDistDir(), publicUrl: config.publicUrl }));

  const usage = new DailyUsage(sql, config, now);
  app.locals.usage = usage;
  const limits = limiterFactory({ redis: deps.redis, prefix: config.redisPrefix });
  const visitorRule = { name: 'visitor', limit: config.limits.visitorPerMinute, key: byVisitor };
  const allowedOrigins = cached(() => effectiveAllowedOrigins(deps), 5_000);
  const api = Router();
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  api.use(originGuard({ allowedOrigins, ownOrigin: selfOrigin(publicOrigin) }));
  api.use(limits({ name: 'ip', limit: config.limits.ipPerMinute, key: byIp }));
  api.use(express.json({ limit: config.limits.bodyLimitBytes }));
  api.post(
    '/sessions',
    limits({ name: 'sessions', limit: config.limits.sessionsPerIpPerMinute, key: byIp }),
    createSessionHandler({ config, now }),
  );
  api.use(
    '/conversations',
    requireVisitor({ config, now }),
    conversationRoutes({
      config,
      chat: deps.upstream.chat,
      ownership: new ConversationOwnership(sql),
      admission: deps.admission ?? defaultAdmission(deps),
      usage,
      transcripts: new Transcripts(sql, config.transcripts),
      streams,
      visitorLimit: limits(visitorRule),
      // The answer path counts both in one pass.
      messageLimit: limits(visitorRule, {
        name: 'messages',
        limit: config.limits.messagesPerVisitorPerMinute,
        key: byVisitor,
      }),
      now,
    }),
  );
  app.use('/api', api);
  app.use((_req, _res, next) => next(new HttpError('not_found', 'Unknown route.')));
  app.use(errorHandler());
  return app;
}
