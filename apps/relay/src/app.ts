import express, { type Express, Router } from 'express';
import { documentLinks } from './admin/document-links.js';
import { conversationHelpMetadata, createAdminRouter } from './admin/index.js';
import { ConversationOwnership } from './conversations/ownership.js';
import { conversationRoutes } from './conversations/routes.js';
import { courtDateRoutes } from './court-dates/index.js';
import type { RelayDeps } from './deps.js';
import { feedbackHandler } from './feedback/feedback-route.js';
import { feedbackObserver } from './feedback/feedback-store.js';
import { healthRoutes } from './http/health.js';
import { errorHandler, HttpError } from './http/http-error.js';
import { jsonBody } from './http/json-body.js';
import { cached, originGuard, trustedSelfOrigin } from './http/origin.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import { byIp, byVisitor, limiterFactory } from './limits/rate-limits.js';
import { effectiveAllowedOrigins } from './origins/allowlist.js';
import { createSessionHandler, requireVisitor } from './sessions/sessions.js';
import { createWebhookRouter } from './webhooks/index.js';
import { widgetDistDir } from './widget/widget-assets.js';
import { widgetRoutes } from './widget/widget-routes.js';

/** Abort handles of the answers streaming right now; graceful shutdown waits for them. */
export function activeStreams(deps: Pick<RelayDeps, 'streams'>): ReadonlySet<AbortController> {
  return deps.streams;
}

/**
 * Builds the relay's Express app from `buildDeps`'s objects: it only wires them (no listening, and
 * nothing of its own to close: main.ts and the test harness do that).
 */
export function createApp(deps: RelayDeps): Express {
  const { config, sql, now, admission, transcripts, feedback } = deps;
  const app = express();
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
    widgetRoutes({
      distDir: deps.widgetDistDir ?? widgetDistDir(),
      publicUrl: config.server.publicUrl,
      courtDates: deps.courtDates !== undefined,
    }),
  );

  const visitorRule = { name: 'visitor', limit: config.limits.visitorPerMinute, key: byVisitor };
  const allowedOrigins = cached(() => effectiveAllowedOrigins(deps), 5_000);
  const api = Router();
  api.use(originGuard({ allowedOrigins, ownOrigin: trustedSelfOrigin(config.server.publicOrigin) }));
  api.use(limits({ name: 'ip', limit: config.limits.ipPerMinute, key: byIp }));
  api.use(jsonBody({ limit: config.limits.bodyLimitBytes }));
  api.post(
    '/sessions',
    limits({ name: 'sessions', limit: config.limits.sessionsPerIpPerMinute, key: byIp }),
    createSessionHandler({ config, now }),
  );
  const ownership = new ConversationOwnership(sql);
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
      usage: deps.usage,
      transcripts,
      answers: feedbackObserver(feedback),
      documentLinks: () => documentLinks(sql),
      streams: deps.streams,
      streamSlots: deps.streamSlots,
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
