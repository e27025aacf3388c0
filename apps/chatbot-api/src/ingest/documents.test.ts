import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../test/fixtures/json.js';
import { multipartBody } from '../../test/fixtures/multipart.js';
import { insertDocument } from '../knowledge/store.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { createJob, getJobById, jobView } from './jobs.js';
import { ingestWorker } from './worker.js';

let api: TestChatbotApi;
let ids: string[] = [];
beforeAll(async () => {
  api = await startTestChatbotApi();
  const files = Array.from({ length: 5 }, (_, i) => ({
    name: 'file',
    filename: `doc${i}.txt`,
    data: `Document number ${i} about court topic ${i}.`,
  }));
  const { body, contentType } = multipartBody([{ name: 'namespace', value: 'docs' }, ...files]);
  const res = await fetch(`${api.url}/ingest/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': contentType },
    body,
  });
  ids = ((await res.json()) as { document_ids: string[] }).document_ids;
  await ingestWorker(api.deps).idle();
});
afterAll(() => api.close());

async function call(path: string, method = 'GET'): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.ingestKey}` },
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('GET /v1/documents', () => {
  it('pages newest first with a cursor', async () => {
    const first = await call('/documents?limit=2&namespace=docs');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'list', has_more: true, first_id: ids[4], last_id: ids[3] });
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([ids[4], ids[3]]);
    const next = await call(`/documents?limit=2&namespace=docs&after=${first.body.last_id}`);
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const last = await call(`/documents?limit=2&namespace=docs&after=${ids[1]}`);
    expect(last.body).toMatchObject({ has_more: false, first_id: ids[0], last_id: ids[0] });
  });

  it('filters by status and source_type and returns an empty page with null ids', async () => {
    expect((await call('/documents?status=ready&source_type=upload&namespace=docs')).body.data).toHaveLength(
      5,
    );
    expect((await call('/documents?source_type=crawl&namespace=docs')).body).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      first_id: null,
      last_id: null,
    });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    [`after=${randomUUID()}`, 'after'],
    ['after=not-an-id', 'after'],
    ['namespace=', 'namespace'],
    ['namespace=Bad!', 'namespace'],
    ['status=done', 'status'],
    ['source_type=web', 'source_type'],
    ['limit=1&limit=2', 'limit'],
  ])('rejects %s with 400 param %s', async (query, param) => {
    const res = await call(`/documents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
  });
});

describe('GET /v1/documents/{id}', () => {
  it('returns the document object', async () => {
    const res = await call(`/documents/${ids[0]}`);
    expect(res.body).toEqual({
      id: ids[0],
      object: 'document',
      filename: 'doc0.txt',
      title: 'doc0.txt',
      source_type: 'upload',
      source_url: null,
      namespace: 'docs',
      status: 'ready',
      error: null,
      chunk_count: 1,
      bytes: Buffer.byteLength('Document number 0 about court topic 0.'),
      content_type: 'text/plain',
      job_id: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it.each(['not-a-uuid', randomUUID(), '%00'])('answers 404 not_found for %s', async (id) => {
    const res = await call(`/documents/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('DELETE /v1/documents/{id}', () => {
  it('deletes synchronously with the chunk count, then 404s', async () => {
    const res = await call(`/documents/${ids[4]}`, 'DELETE');
    expect(res.body).toEqual({ id: ids[4], object: 'document.deleted', deleted: true, chunks_deleted: 1 });
    expect((await call(`/documents/${ids[4]}`)).status).toBe(404);
    const again = await call(`/documents/${ids[4]}`, 'DELETE');
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
    const hits = api.deps.db
      .prepare("SELECT COUNT(*) AS n FROM kb_chunks_fts WHERE kb_chunks_fts MATCH 'number'")
      .get() as { n: number };
    expect(hits.n).toBe(4);
  });

  it('leaves the contract error entry when the document was not processed yet', async () => {
    const { db } = api.deps;
    const docId = randomUUID();
    const dir = join(api.dataDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    const spool = join(dir, `${docId}.upload`);
    writeFileSync(spool, 'waiting');
    // Built directly (not through the upload route) so the worker cannot pick it up first.
    const jobId = createJob(
      db,
      {
        accountId: api.accountId,
        kind: 'ingest',
        namespace: 'docs',
        counts: { total: 1, processed: 0, succeeded: 0, failed: 0 },
        documentIds: [docId],
      },
      new Date(),
    );
    insertDocument(
      db,
      {
        id: docId,
        accountId: api.accountId,
        jobId,
        namespace: 'docs',
        filename: 'w.txt',
        title: null,
        sourceType: 'upload',
        sourceUrl: null,
        bytes: 7,
        contentType: 'text/plain',
        contentHash: 'x',
        spoolPath: spool,
      },
      new Date(),
    );
    const res = await call(`/documents/${docId}`, 'DELETE');
    expect(res.body).toMatchObject({ deleted: true, chunks_deleted: 0 });
    await ingestWorker(api.deps).idle();
    const job = (await call(`/ingest/jobs/${jobId}`)).body;
    expect(job).toMatchObject({
      status: 'failed',
      counts: { total: 1, processed: 1, succeeded: 0, failed: 1 },
    });
    expect(job.errors).toEqual([
      { document_id: docId, error: 'document was deleted before it was processed' },
    ]);
    expect(jobView(db, getJobById(db, jobId)!).document_ids).toEqual([docId]);
  });
});

describe('GET /v1/ingest/jobs/{id}', () => {
  it('answers 404 for unknown, malformed and crawl job ids', async () => {
    for (const id of [randomUUID(), 'x']) {
      const res = await call(`/ingest/jobs/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
