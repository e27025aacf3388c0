import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Json } from '../../test/fixtures/json.js';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { insertDocument } from '../knowledge/store.js';
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
});
