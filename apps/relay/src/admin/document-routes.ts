import { isNamespace, NAMESPACE_MESSAGE } from '@amicus/contract';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { touchNamespace } from '../jobs/jobs.js';
import { invalid, notFound } from './admin-error.js';
import { appendAudit } from './audit.js';
import { clientIp, signedIn } from './auth/guard.js';
import { documentLinks, forgetDocumentLink, withPublicLink } from './document-links.js';
import { lookUpName, namesFor } from './document-names.js';
import { type DocumentFilters, listPage, namespacesIn, searchByName } from './documents.js';
import { isUuid, queryEnum, queryInt, queryString } from './query-params.js';
import { adminErrorFromUpstream } from './upstream-error.js';
import { upstreamOptions } from './upstream-options.js';

function requireDocumentId(id: string): string {
  if (!isUuid(id)) throw notFound('No such document.');
  return id;
}

/** Documents list/search, one document, delete and bulk delete. */
export function createDocumentRoutes(deps: RelayDeps): Router {
  const router = Router();
  const client = deps.upstream.ingest;

  router.get('/documents', async (req: Request, res: Response) => {
    const limit = queryInt(req, 'limit', 1, 200, 50);
    const after = queryString(req, 'after', 64);
    if (after !== undefined && !isUuid(after)) throw invalid('after must be a document id.', 'after');
    const namespace = queryString(req, 'namespace', 64);
    if (namespace !== undefined && !isNamespace(namespace)) throw invalid(NAMESPACE_MESSAGE, 'namespace');
    const status = queryEnum(req, 'status', ['processing', 'ready', 'failed'] as const);
    const sourceType = queryString(req, 'source_type', 64);
    const q = queryString(req, 'q', 200);
    const filters: DocumentFilters = {
      ...(namespace ? { namespace } : {}),
      ...(status ? { status } : {}),
      ...(sourceType ? { source_type: sourceType } : {}),
    };
    try {
      const page = q
        ? await searchByName(client, filters, q, limit, after)
        : await listPage(client, filters, limit, after);
      for (const name of namespacesIn(page.data)) await touchNamespace(deps.sql, name, null);
      const links = await documentLinks(deps.sql);
      res.json({ ...page, data: page.data.map((doc) => withPublicLink(doc, links)) });
    } catch (error) {
      throw adminErrorFromUpstream(error);
    }
  });

  router.get('/documents/:id', async (req: Request<{ id: string }>, res: Response) => {
    const id = requireDocumentId(req.params.id);
    try {
      const doc = await client.getDocument(id, upstreamOptions(res));
      res.json(withPublicLink(doc, await documentLinks(deps.sql)));
    } catch (error) {
      throw adminErrorFromUpstream(error);
    }
  });

  router.delete('/documents/:id', async (req: Request<{ id: string }>, res: Response) => {
    const { username } = signedIn(res);
    const id = req.params.id;
    const base = { actor: username, action: 'document.delete', target: id.slice(0, 64), ip: clientIp(req) };
    // Named in the audit log while it still exists: afterwards only its id would be left.
    const name = isUuid(id) ? await lookUpName(deps, res, id) : null;
    try {
      const deleted = await client.deleteDocument(requireDocumentId(id), upstreamOptions(res));
      await forgetDocumentLink(deps.sql, id.toLowerCase());
      await appendAudit(deps.sql, deps.now(), {
        ...base,
        result: 'success',
        detail: { ...(name ? { name } : {}), chunks_deleted: deleted.chunks_deleted },
      });
      res.json({ id: deleted.id, deleted: true, chunks_deleted: deleted.chunks_deleted });
    } catch (error) {
      const mapped = adminErrorFromUpstream(error);
      await appendAudit(deps.sql, deps.now(), {
        ...base,
        result: 'failure',
        detail: { ...(name ? { name } : {}), reason: mapped.code },
      });
      throw mapped;
    }
  });

  router.post('/documents/bulk-delete', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const ids = (req.body as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100) {
      throw invalid('ids must list 1 to 100 document ids.', 'ids');
    }
    ids.forEach((id: unknown, i) => {
      if (typeof id !== 'string' || !isUuid(id)) throw invalid('Each id must be a document id.', `ids[${i}]`);
      if (ids.indexOf(id) !== i) throw invalid('Each id may appear only once.', `ids[${i}]`);
    });
    const names = await namesFor(deps, res, ids as string[]);
    const results = [];
    let total = 0;
    // One at a time: deletes are cheap upstream and this keeps a bulk delete from bursting the
    // court's shared requests-per-minute budget.
    for (const id of ids as string[]) {
      try {
        const deleted = await client.deleteDocument(id, upstreamOptions(res));
        total += deleted.chunks_deleted;
        await forgetDocumentLink(deps.sql, id);
        results.push({ id, deleted: true, chunks_deleted: deleted.chunks_deleted });
      } catch (error) {
        const mapped = adminErrorFromUpstream(error);
        results.push({ id, deleted: false, error: { code: mapped.code, message: mapped.message } });
      }
    }
    const failed = results.filter((r) => !r.deleted).length;
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'document.bulk_delete',
      ip: clientIp(req),
      result: failed === 0 ? 'success' : 'failure',
      detail: { ids, names, chunks_deleted: total, failed },
    });
    res.json({ results, chunks_deleted: total });
  });

  return router;
}
