import { rm } from 'node:fs/promises';
import { isNamespace, NAMESPACE_MESSAGE } from '@amicus/contract';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/http-error.js';
import type { RequestContext } from '../http/route.js';
import { type DocumentRow, deleteDocument, getDocument } from '../knowledge/store.js';
import { getJobById } from './jobs.js';
import { DELETED_BEFORE_PROCESSING, recordFailure } from './process-document.js';
import { documentView } from './views.js';
import { ingestWorker } from './worker.js';

const STATUSES = new Set(['processing', 'ready', 'failed']);
const SOURCE_TYPES = new Set(['upload', 'crawl']);

export function notFound(what: string): HttpError {
  return new HttpError(404, `No ${what} found with that id.`, { code: 'not_found' });
}

/** Foreign, deleted and malformed ids all look like "not found". */
export function findDocument(deps: AppDeps, ctx: RequestContext, id: string | undefined): DocumentRow {
  const doc = id ? getDocument(deps.db, ctx.accountId, id) : undefined;
  if (!doc) throw notFound('document');
  return doc;
}

/**
 * GET /v1/documents: newest first; `after` is the id of the last document of the previous page
 * (any document of the account), and the next page holds the documents created before it.
 * Envelope: `object: "list"`, `data`, `has_more`, `first_id`, `last_id` (ids of data's ends, null when empty).
 */
export function listDocuments(deps: AppDeps, ctx: RequestContext, req: Request, res: Response): void {
  const q = req.query as Record<string, unknown>;
  const one = (name: string): string | undefined => {
    const v = q[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new HttpError(400, `${name} must be given once.`, { param: name });
    return v;
  };
  let limit = 100;
  const rawLimit = one('limit');
  if (rawLimit !== undefined) {
    limit = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : Number.NaN;
    if (!(limit >= 1 && limit <= 1000))
      throw new HttpError(400, 'limit must be an integer from 1 to 1000.', { param: 'limit' });
  }
  const where = ['account_id = ?'];
  const args: unknown[] = [ctx.accountId];
  const after = one('after');
  if (after !== undefined) {
    const cursor = after ? getDocument(deps.db, ctx.accountId, after) : undefined;
    if (!cursor)
      throw new HttpError(400, 'after must be the id of a document of this account.', { param: 'after' });
    where.push('seq < ?');
    args.push(cursor.seq);
  }
  const namespace = one('namespace');
  if (namespace !== undefined) {
    if (!isNamespace(namespace)) {
      throw new HttpError(400, NAMESPACE_MESSAGE, { param: 'namespace' });
    }
    where.push('namespace = ?');
    args.push(namespace);
  }
  const status = one('status');
  if (status !== undefined) {
    if (!STATUSES.has(status))
      throw new HttpError(400, 'status must be processing, ready or failed.', { param: 'status' });
    where.push('status = ?');
    args.push(status);
  }
  const sourceType = one('source_type');
  if (sourceType !== undefined) {
    if (!SOURCE_TYPES.has(sourceType))
      throw new HttpError(400, 'source_type must be upload or crawl.', { param: 'source_type' });
    where.push('source_type = ?');
    args.push(sourceType);
  }
  const rows = deps.db
    .prepare(`SELECT * FROM kb_documents WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`)
    .all(...args, limit + 1) as DocumentRow[];
  const data = rows.slice(0, limit).map(documentView);
  res.json({
    object: 'list',
    data,
    has_more: rows.length > limit,
    first_id: (data[0]?.id as string | undefined) ?? null,
    last_id: (data[data.length - 1]?.id as string | undefined) ?? null,
  });
}

/**
 * DELETE /v1/documents/{id}: synchronous. A document still waiting to be indexed leaves the
 * contract's error entry on its ingest job, which then closes as usual.
 */
export async function removeDocument(
  deps: AppDeps,
  ctx: RequestContext,
  id: string | undefined,
  res: Response,
): Promise<void> {
  const doc = findDocument(deps, ctx, id);
  const result = deleteDocument(deps.db, ctx.accountId, doc.id);
  if (!result) throw notFound('document');
  if (doc.status === 'processing' && doc.job_id && getJobById(deps.db, doc.job_id)?.kind === 'ingest') {
    recordFailure(deps.db, doc.job_id, doc.id, DELETED_BEFORE_PROCESSING, deps.now());
    ingestWorker(deps).kick();
  }
  if (result.spoolPath) await rm(result.spoolPath, { force: true });
  res.json({ id: doc.id, object: 'document.deleted', deleted: true, chunks_deleted: result.chunksDeleted });
}
