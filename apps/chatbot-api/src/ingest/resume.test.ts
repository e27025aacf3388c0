import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Json } from '../../test/fixtures/json.js';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { chunkDocument } from '../knowledge/chunking.js';
import { Pacer } from '../knowledge/pacer.js';
import { getDocument, insertDocument, storeChunksCooperatively } from '../knowledge/store.js';
import { startBackgroundWork } from './background.js';
import { createJob, getJobById, jobView } from './jobs.js';
import { CRAWL_INTERRUPTED, INTERRUPTED, resumeJobs } from './resume.js';
import { ingestWorker } from './worker.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

function job(kind: 'ingest' | 'crawl', total = 1): string {
  const counts =
    kind === 'ingest'
      ? { total, processed: 0, succeeded: 0, failed: 0 }
      : { pages_crawled: 3, documents_indexed: 1, pages_failed: 0, urls_skipped: 0 };
  return createJob(deps.db, { accountId: 'acc', kind, namespace: 'general', counts }, new Date());
}

function doc(jobId: string, spoolText: string | null): string {
  const id = randomUUID();
  let spoolPath: string | null = null;
  if (spoolText !== null) {
    mkdirSync(join(deps.dataDir, 'uploads'), { recursive: true });
    spoolPath = join(deps.dataDir, 'uploads', `${id}.upload`);
    writeFileSync(spoolPath, spoolText);
  }
  insertDocument(
    deps.db,
    {
      id,
      accountId: 'acc',
      jobId,
      namespace: 'general',
      filename: 'a.txt',
      title: null,
      sourceType: 'upload',
      sourceUrl: null,
      bytes: 5,
      contentType: 'text/plain',
      contentHash: id,
      spoolPath,
    },
    new Date(),
  );
  return id;
}

/** Leaves what a process stopped between two slices leaves: some pending chunks, status processing. */
async function cutShort(documentId: string): Promise<void> {
  const text = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} about the small claims calendar.`);
  const chunks = chunkDocument({
    title: 'a.txt',
    blocks: text.map((t) => ({ kind: 'text' as const, headings: [], text: t.repeat(20) })),
  });
  const never = new Promise<void>(() => {});
  const dying = new (class extends Pacer {
    override yield(): Promise<void> {
      return never;
    }
  })();
  void storeChunksCooperatively(deps.db, documentId, 'a.txt', chunks, deps.now, dying);
  await new Promise((r) => setImmediate(r));
}

const chunkCounts = (documentId: string) =>
  deps.db
    .prepare(
      `SELECT COUNT(*) AS total, COUNT(p.id) AS pending FROM kb_chunks c
         LEFT JOIN kb_chunks_pending p ON p.id = c.id WHERE c.document_id = ?`,
    )
    .get(documentId) as { total: number; pending: number };

const view = (id: string) => jobView(deps.db, getJobById(deps.db, id)!) as Json;

describe('resumeJobs', () => {
  it('indexes uploads whose spooled file survived the restart', async () => {
    const id = job('ingest');
    doc(id, 'Courthouse parking is free on weekends.');
    resumeJobs(deps);
    await ingestWorker(deps).idle();
    expect(view(id)).toMatchObject({
      status: 'completed',
      counts: { total: 1, processed: 1, succeeded: 1, failed: 0 },
    });
    ingestWorker(deps).stop();
  });

  it('fails documents that cannot be resumed, with an error entry, and closes the job', async () => {
    const id = job('ingest', 3);
    const lost = doc(id, null);
    resumeJobs(deps);
    await ingestWorker(deps).idle();
    const v = view(id);
    expect(v.status).toBe('failed');
    expect(v.errors).toEqual([
      { document_id: lost, error: INTERRUPTED },
      { document_id: null, error: INTERRUPTED },
    ]);
    ingestWorker(deps).stop();
  });

  it('deletes half-received uploads', () => {
    mkdirSync(join(deps.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(deps.dataDir, 'uploads', 'x.part'), 'partial');
    resumeJobs(deps);
    expect(readdirSync(join(deps.dataDir, 'uploads'))).toEqual([]);
    ingestWorker(deps).stop();
  });

  it('fails an interrupted crawl with a url "crawl" entry', () => {
    const id = job('crawl');
    resumeJobs(deps);
    expect(view(id)).toMatchObject({
      status: 'failed',
      errors: [{ url: 'crawl', error: CRAWL_INTERRUPTED }],
    });
  });

  it('leaves no job processing after startBackgroundWork', async () => {
    const ids = [job('ingest'), job('crawl'), job('ingest', 2)];
    doc(ids[0]!, 'Jury assembly room opens at 7:30.');
    doc(ids[2]!, null);
    const work = startBackgroundWork(deps, { pollMs: 10 });
    await work.idle();
    work.stop();
    for (const id of ids) expect(view(id).status).not.toBe('processing');
  });

  it('indexes a document cut short between slices again, from scratch', async () => {
    const id = job('ingest');
    const docId = doc(id, 'Small claims are heard on Tuesdays.');
    await cutShort(docId);
    expect(chunkCounts(docId).pending).toBeGreaterThan(0);
    resumeJobs(deps);
    await ingestWorker(deps).idle();
    expect(view(id)).toMatchObject({ status: 'completed', counts: { succeeded: 1 } });
    expect(getDocument(deps.db, 'acc', docId)).toMatchObject({ status: 'ready', chunk_count: 1 });
    expect(chunkCounts(docId)).toEqual({ total: 1, pending: 0 });
    ingestWorker(deps).stop();
  });

  it('drops the pending chunks of a document that cannot be resumed', async () => {
    const id = job('ingest');
    const docId = doc(id, null);
    await cutShort(docId);
    expect(chunkCounts(docId).pending).toBeGreaterThan(0);
    resumeJobs(deps);
    await ingestWorker(deps).idle();
    expect(getDocument(deps.db, 'acc', docId)).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(chunkCounts(docId)).toEqual({ total: 0, pending: 0 });
    ingestWorker(deps).stop();
  });
});
