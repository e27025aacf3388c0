import express, { type Request, type RequestHandler, Router } from 'express';
import { createCourtDatesAdminRoutes } from '../court-dates/admin-routes.js';
import type { RelayDeps } from '../deps.js';
import { AdminError, adminErrorHandler } from './admin-error.js';
import { createAnswersRoutes } from './answers-routes.js';
import { createAuthRoutes } from './auth/auth-routes.js';
import { checkOrigin, loadSession, requireCsrf, requireSession } from './auth/guard.js';
import { createDocumentLinkRoutes } from './document-link-routes.js';
import { createDocumentRoutes } from './document-routes.js';
import { createInsightsRoutes } from './insights-routes.js';
import { createJobRoutes } from './job-routes.js';
import { createSettingsRoutes } from './settings-routes.js';
import { createSpaRouter, defaultAdminDistDir } from './spa.js';
import { createIngestRoutes } from './uploads/ingest-routes.js';

export interface AdminRouterOptions {
  /** Where the built admin app lives; defaults to `@amicus/admin`'s dist/. null = not available. */
  adminDistDir?: string | null;
  /** SSE heartbeat interval (tests shorten it). */
  heartbeatMs?: number;
}

// Paths that exist, for telling 405 (wrong method) apart from 404 (unknown path).
const KNOWN_PATHS = [
  /^\/(session|login|logout|uploads|crawls|jobs|events|documents|namespaces|audit|settings\/origins)$/,
  /^\/(jobs|documents)\/[^/]+$/,
  /^\/documents\/bulk-delete$/,
  /^\/court-dates\/(status|consent|outbox|consent-log|forget)$/,
  /^\/insights(\/export)?$/,
  /^\/documents\/[^/]+\/link$/,
  /^\/(settings\/help|try)$/,
];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** JSON routes accept JSON only, so a cross-site form post can never reach them as a "simple request". */
const jsonOnly: RequestHandler = (req, _res, next) => {
  if (UNSAFE.has(req.method) && req.path !== '/uploads' && hasBody(req) && !req.is('application/json')) {
    throw new AdminError('unsupported_media_type', 'Send a JSON body with Content-Type: application/json.');
  }
  next();
};

const unknownRoute: RequestHandler = (req) => {
  if (KNOWN_PATHS.some((pattern) => pattern.test(req.path))) {
    throw new AdminError('method_not_allowed', `${req.method} is not allowed here.`);
  }
  throw new AdminError('not_found', 'Unknown admin API route.');
};

/**
 * The admin API under `/api` and the admin SPA everywhere else. Mount at `/admin`, before any global
 * body parser would matter (uploads are read as a stream here) and without CORS.
 */
export function createAdminRouter(deps: RelayDeps, options: AdminRouterOptions = {}): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The session is loaded first so a refused cross-site request is audited with the staff member
  // whose browser sent it.
  api.use(loadSession(deps));
  api.use(checkOrigin(deps));
  api.use(jsonOnly);
  api.use(express.json({ limit: '64kb' }));
  api.use(createAuthRoutes(deps));
  api.use(requireSession, requireCsrf(deps));
  api.use(createIngestRoutes(deps));
  api.use(createJobRoutes(deps, options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}));
  api.use(createDocumentRoutes(deps));
  api.use(createDocumentLinkRoutes(deps));
  api.use(createSettingsRoutes(deps));
  api.use(createCourtDatesAdminRoutes(deps));
  api.use(createInsightsRoutes(deps));
  api.use(createAnswersRoutes(deps));
  api.use(unknownRoute);
  api.use(adminErrorHandler(deps.logger));

  const router = Router();
  router.use('/api', api);
  router.use(
    createSpaRouter(options.adminDistDir === undefined ? defaultAdminDistDir() : options.adminDistDir),
  );
  return router;
}
