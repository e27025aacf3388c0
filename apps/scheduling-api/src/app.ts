import express, { type Express } from 'express';
import { createTokenRoute } from './auth/token-route.js';
import { createAuthenticator } from './auth/tokens.js';
import { createContactRoutes } from './clients/contacts-route.js';
import { createClientRoutes } from './clients/routes.js';
import type { AppDeps } from './deps.js';
import { createAttachRoutes } from './events/attach-routes.js';
import { createEventRoutes } from './events/routes.js';
import { healthRoute } from './health-route.js';
import { createErrorHandler } from './http/error-handler.js';
import { createPipeline } from './http/pipeline.js';
import type { RouteDef } from './http/route.js';
import { createRouter } from './http/router.js';
import { createOutboxRoute } from './local/outbox-route.js';
import { createOneoffRoute } from './messages/oneoff-route.js';
import { createSettingsRoute } from './settings/settings-route.js';

/** Every operation, in one table so that 404 and 405 are decided before authentication. */
export function createRoutes(deps: AppDeps): RouteDef[] {
  return [
    healthRoute,
    createTokenRoute(deps),
    createSettingsRoute(deps),
    ...createClientRoutes(deps),
    ...createContactRoutes(deps),
    ...createEventRoutes(deps),
    ...createAttachRoutes(deps),
    createOneoffRoute(deps),
    createOutboxRoute(deps),
  ];
}

/** Builds the Express app (no listen). */
export function createApp(deps: AppDeps): Express {
  const router = createRouter(createRoutes(deps));
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    createPipeline({ match: router.match, authenticate: createAuthenticator(deps), faults: deps.faults }),
  );
  app.use(createErrorHandler(deps.logger));
  return app;
}
