import express, { type Express } from 'express';
import type { Answerer } from './answer/answerer.js';
import { createExtractiveAnswerer } from './answer/extractive-answerer.js';
import { createGenerationAnswerer } from './answer/generation-answerer.js';
import { createKeyVerifier } from './auth/key-verifier.js';
import { createCompletionRoutes } from './chat/completions-route.js';
import { createModelRoutes } from './chat/models-route.js';
import { createConversationRoutes } from './conversations/routes.js';
import type { AppDeps } from './deps.js';
import { createEmbeddingRoutes } from './embeddings/route.js';
import { healthRoute } from './health-route.js';
import { createErrorHandler } from './http/error-handler.js';
import { createPipeline } from './http/pipeline.js';
import type { RouteDef } from './http/route.js';
import { createRouter } from './http/router.js';
import { createIngestRoutes } from './ingest/routes.js';
import { createRateLimiter } from './limits/rate-limit.js';

function answererFor(deps: AppDeps): Answerer {
  const extractive = createExtractiveAnswerer(deps.db);
  if (!deps.generation) return extractive;
  return createGenerationAnswerer({ db: deps.db, config: deps.generation, fetch: deps.fetch });
}

/** Every operation of the API, in one table so routing is decided before authentication. */
export function createRoutes(deps: AppDeps): RouteDef[] {
  const answerer = answererFor(deps);
  return [
    healthRoute,
    ...createModelRoutes(deps),
    ...createCompletionRoutes(deps, answerer),
    ...createConversationRoutes(deps, answerer),
    ...createEmbeddingRoutes(deps),
    ...createIngestRoutes(deps),
  ];
}

/** Builds the Express app (no listen): one pipeline runs the contract's order of checks for every route. */
export function createApp(deps: AppDeps): Express {
  const router = createRouter(createRoutes(deps));
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    createPipeline({
      match: router.match,
      verify: createKeyVerifier({ db: deps.db, now: deps.now }),
      limit: createRateLimiter({ db: deps.db, now: deps.now }),
    }),
  );
  app.use(createErrorHandler(deps.logger));
  return app;
}
