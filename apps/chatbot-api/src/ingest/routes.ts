import { createCrawlRoutes } from '../crawl/routes.js';
import type { AppDeps } from '../deps.js';
import type { RouteDef } from '../http/route.js';
import { findDocument, listDocuments, notFound, removeDocument } from './documents.js';
import { getJob, jobView } from './jobs.js';
import { handleUpload } from './upload.js';
import { documentView } from './views.js';

/** Routes of the ingestion, crawl and documents API (scope `ingest`). */
export function createIngestRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/v1/ingest/files',
      scope: 'ingest',
      body: 'multipart',
      handle: (ctx, req, res) => handleUpload(deps, ctx, req, res),
    },
    {
      method: 'GET',
      path: '/v1/ingest/jobs/:jobId',
      scope: 'ingest',
      body: 'none',
      handle(ctx, req, res) {
        const job = getJob(deps.db, ctx.accountId, String(req.params.jobId), 'ingest');
        if (!job) throw notFound('ingest job');
        res.json(jobView(deps.db, job));
      },
    },
    {
      method: 'GET',
      path: '/v1/documents',
      scope: 'ingest',
      body: 'none',
      handle: (ctx, req, res) => listDocuments(deps, ctx, req, res),
    },
    {
      method: 'GET',
      path: '/v1/documents/:documentId',
      scope: 'ingest',
      body: 'none',
      handle(ctx, req, res) {
        res.json(documentView(findDocument(deps, ctx, String(req.params.documentId))));
      },
    },
    {
      method: 'DELETE',
      path: '/v1/documents/:documentId',
      scope: 'ingest',
      body: 'none',
      handle: (ctx, req, res) => removeDocument(deps, ctx, String(req.params.documentId), res),
    },
    ...createCrawlRoutes(deps),
  ];
}
