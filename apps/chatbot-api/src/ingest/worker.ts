import { readFile, rm } from 'node:fs/promises';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { type DocumentRow, markDocumentFailed } from '../knowledge/store.js';
import { beginAttempt, clearAttempts, TOO_MANY_ATTEMPTS } from './attempts.js';
import { finishJob, type IngestCounts, ingestTerminalStatus } from './jobs.js';
import { extensionOf } from './parsers/index.js';
import { processDocument, recordFailure } from './process-document.js';

export interface IngestWorker {
  /** Something new may be waiting: process it soon. */
  kick(): void;
  /** Resolves when nothing is waiting (tests). */
  idle(): Promise<void>;
  stop(): void;
}

const workers = new WeakMap<Db, IngestWorker>();

/**
 * The single background worker of a database: indexes uploaded documents one at a time, oldest
 * first (one at a time keeps the event loop responsive for API requests on a small machine), and
 * closes ingest jobs whose documents are all done. Created on first use, so uploads are processed
 * even before startBackgroundWork runs.
 */
export function ingestWorker(deps: AppDeps): IngestWorker {
  const existing = workers.get(deps.db);
  if (existing) return existing;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const loop = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const doc = nextDocument(deps.db);
        if (!doc) break;
        await processUpload(deps, doc);
        // Let API requests in between documents.
        await new Promise((r) => setImmediate(r));
      }
      closeFinishedJobs(deps);
    } while (again && !stopped);
  };

  const worker: IngestWorker = {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = loop()
        .catch((err: unknown) => {
          // The document stays `processing` with its file; the next kick or start resumes it.
          deps.logger?.error({ err }, 'ingest worker stopped on an error');
        })
        .finally(() => {
          running = null;
        });
    },
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      workers.delete(deps.db);
    },
  };
  workers.set(deps.db, worker);
  return worker;
}

function nextDocument(db: Db): DocumentRow | undefined {
  return db
    .prepare(
      `SELECT * FROM kb_documents WHERE status = 'processing' AND spool_path IS NOT NULL ORDER BY seq LIMIT 1`,
    )
    .get() as DocumentRow | undefined;
}

async function processUpload(deps: AppDeps, doc: DocumentRow): Promise<void> {
  const path = doc.spool_path!;
  const ext = extensionOf(doc.filename);
  let bytes: Buffer | null = null;
  try {
    bytes = await readFile(path);
  } catch {
    bytes = null;
  }
  if (!bytes || !ext) {
    deps.db
      .prepare(
        `UPDATE kb_documents SET status = 'failed', error = ?, spool_path = NULL WHERE id = ? AND status = 'processing'`,
      )
      .run(LOST, doc.id);
    if (doc.job_id) recordFailure(deps.db, doc.job_id, doc.id, LOST, deps.now());
  } else if (!(await beginAttempt(path))) {
    markDocumentFailed(deps.db, doc.id, TOO_MANY_ATTEMPTS, deps.now());
    if (doc.job_id) recordFailure(deps.db, doc.job_id, doc.id, TOO_MANY_ATTEMPTS, deps.now());
  } else {
    await processDocument(deps.db, doc, bytes, ext, deps.now, { parseLimits: deps.parseLimits });
  }
  // Whatever happened, the document no longer waits for these bytes.
  deps.db.prepare('UPDATE kb_documents SET spool_path = NULL WHERE id = ?').run(doc.id);
  await rm(path, { force: true });
  await clearAttempts(path);
}

const LOST = 'The uploaded file was lost before it could be processed.';

/** Ingest jobs whose every document reached a final state move to their terminal status. */
export function closeFinishedJobs(deps: AppDeps): void {
  const rows = deps.db
    .prepare(
      `SELECT id, counts FROM kb_jobs WHERE kind = 'ingest' AND status = 'processing'
         AND json_extract(counts, '$.processed') >= json_extract(counts, '$.total')`,
    )
    .all() as { id: string; counts: string }[];
  for (const row of rows)
    finishJob(deps.db, row.id, ingestTerminalStatus(JSON.parse(row.counts) as IngestCounts), deps.now());
}
