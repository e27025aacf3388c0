import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../../deps.js';
import { insertJob, touchNamespace } from '../../jobs/jobs.js';
import { AdminError } from '../admin-error.js';
import { appendAudit } from '../audit.js';
import { clientIp, signedIn } from '../auth/guard.js';
import { adminErrorFromUpstream } from '../upstream-error.js';
import { upstreamOptions } from '../upstream-options.js';
import { parseCrawlRequest } from './crawl-rules.js';
import { streamUpload } from './upload-stream.js';

/** `POST /uploads` and `POST /crawls`: the two ways staff start an ingest job. */
export function createIngestRoutes(deps: RelayDeps): Router {
  const router = Router();

  router.post('/uploads', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    if (!req.is('multipart/form-data')) {
      throw new AdminError('unsupported_media_type', 'Send the files as multipart/form-data.');
    }
    const outcome = await streamUpload(
      req,
      deps.upstream.ingest,
      { maxFiles: deps.config.admin.maxUploadFiles, maxFileBytes: deps.config.admin.maxUploadFileBytes },
      upstreamOptions(res).requestId,
    );
    const now = deps.now();
    const base = { actor: username, action: 'upload.create', ip: clientIp(req) };
    if (outcome.kind !== 'accepted') {
      const rejected = outcome.kind === 'rejected' ? outcome.rejections : [];
      const reason = outcome.kind === 'error' ? outcome.error.code : 'invalid_files';
      await appendAudit(deps.sql, now, {
        ...base,
        result: 'failure',
        detail: { namespace: outcome.namespace, files: outcome.files, reason, rejected },
      });
      if (outcome.kind === 'error') throw outcome.error;
      const count = rejected.length;
      throw new AdminError('invalid_files', `${count} file${count === 1 ? ' was' : 's were'} rejected.`, {
        param: 'file',
        extra: { files: rejected },
      });
    }
    const { accepted, namespace, files } = outcome;
    const job = await insertJob(
      deps.sql,
      {
        id: accepted.job_id,
        kind: 'ingest',
        namespace,
        status: accepted.status,
        createdBy: username,
        files,
        documentIds: accepted.document_ids,
      },
      now,
    );
    await touchNamespace(deps.sql, namespace, now);
    await appendAudit(deps.sql, now, {
      ...base,
      target: job.id,
      result: 'success',
      detail: { namespace, files, job_id: job.id, document_ids: accepted.document_ids },
    });
    res.status(202).json(job);
  });

  router.post('/crawls', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const base = { actor: username, action: 'crawl.create', ip: clientIp(req) };
    let crawl: ReturnType<typeof parseCrawlRequest>;
    try {
      crawl = parseCrawlRequest(req.body);
    } catch (error) {
      const param = error instanceof AdminError ? error.param : null;
      await appendAudit(deps.sql, deps.now(), {
        ...base,
        result: 'failure',
        detail: { reason: 'invalid', param },
      });
      throw error;
    }
    let accepted: Awaited<ReturnType<typeof deps.upstream.ingest.startCrawl>>;
    try {
      accepted = await deps.upstream.ingest.startCrawl(crawl, upstreamOptions(res));
    } catch (error) {
      const mapped = adminErrorFromUpstream(error);
      await appendAudit(deps.sql, deps.now(), {
        ...base,
        result: 'failure',
        detail: { ...crawl, reason: mapped.code, param: mapped.param },
      });
      throw mapped;
    }
    const now = deps.now();
    const job = await insertJob(
      deps.sql,
      {
        id: accepted.crawl_job_id,
        kind: 'crawl',
        namespace: crawl.namespace,
        status: accepted.status,
        createdBy: username,
        seedUrls: crawl.seed_urls,
      },
      now,
    );
    await touchNamespace(deps.sql, crawl.namespace, now);
    await appendAudit(deps.sql, now, { ...base, target: job.id, result: 'success', detail: { ...crawl } });
    res.status(202).json(job);
  });

  return router;
}
