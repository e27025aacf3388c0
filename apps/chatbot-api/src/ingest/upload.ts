import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_NAMESPACE, isNamespace, MAX_FILES_PER_UPLOAD, NAMESPACE_MESSAGE } from '@amicus/contract';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/http-error.js';
import type { RequestContext } from '../http/route.js';
import { insertDocument } from '../knowledge/store.js';
import { createJob } from './jobs.js';
import { readMultipart, removeSpooled } from './multipart.js';
import { CONTENT_TYPES, type Extension } from './parsers/index.js';
import { validateFile } from './upload-rules.js';
import { ingestWorker } from './worker.js';

export function uploadDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/**
 * POST /v1/ingest/files. All or nothing: every file is spooled and checked before anything is
 * recorded, and a rejected request leaves no document, job or file behind. Answers 202 with the
 * job id; the worker indexes the files in the background.
 */
export async function handleUpload(
  deps: AppDeps,
  ctx: RequestContext,
  req: Request,
  res: Response,
): Promise<void> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new HttpError(400, 'The request body must be multipart/form-data.', { param: null });
  }
  const dir = uploadDir(deps.dataDir);
  const { files, fields, tooManyFiles } = await readMultipart(req, dir);
  const accepted: { ext: Extension; file: (typeof files)[number] }[] = [];
  try {
    if (files.length === 0)
      throw new HttpError(400, 'At least one file is required in the `file` part.', { param: 'file' });
    if (tooManyFiles)
      throw new HttpError(400, `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once.`, {
        param: 'file',
      });
    for (const file of files) accepted.push({ ext: await validateFile(file), file });
    const namespace = fields.get('namespace') ?? DEFAULT_NAMESPACE;
    if (!isNamespace(namespace)) {
      throw new HttpError(400, NAMESPACE_MESSAGE, { param: 'namespace' });
    }
    const documentIds = accepted.map(() => randomUUID());
    // The spooled files keep their place until the worker has indexed them; rename to the
    // document id so a restart can find each one.
    const paths = accepted.map((_, i) => join(dir, `${documentIds[i]}.upload`));
    await Promise.all(accepted.map(({ file }, i) => rename(file.path, paths[i]!)));
    accepted.forEach(({ file }, i) => {
      file.path = paths[i]!;
    });
    const now = deps.now();
    const jobId = deps.db.transaction(() => {
      const id = createJob(
        deps.db,
        {
          accountId: ctx.accountId,
          kind: 'ingest',
          namespace,
          counts: { total: accepted.length, processed: 0, succeeded: 0, failed: 0 },
          documentIds,
        },
        now,
      );
      accepted.forEach(({ ext, file }, i) => {
        insertDocument(
          deps.db,
          {
            id: documentIds[i]!,
            accountId: ctx.accountId,
            jobId: id,
            namespace,
            filename: file.filename,
            title: null,
            sourceType: 'upload',
            sourceUrl: null,
            bytes: file.bytes,
            contentType: CONTENT_TYPES[ext],
            contentHash: file.sha256,
            spoolPath: file.path,
          },
          now,
        );
      });
      return id;
    })();
    ingestWorker(deps).kick();
    res.status(202).json({ job_id: jobId, document_ids: documentIds, status: 'processing', namespace });
  } catch (err) {
    await removeSpooled(files);
    throw err;
  }
}
