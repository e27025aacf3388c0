import type { Db } from '../db/database.js';
import { chunkDocumentCooperatively, type ParsedDocument } from '../knowledge/chunking.js';
import { Pacer } from '../knowledge/pacer.js';
import {
  type DocumentRow,
  findDuplicate,
  markDocumentFailed,
  storeChunksCooperatively,
} from '../knowledge/store.js';
import { ISOLATED_EXTENSIONS, type ParseLimits, parseIsolated } from './isolated-parse.js';
import { addJobError, type IngestCounts, updateCounts } from './jobs.js';
import { type Extension, extractionOf, ParseError, parseFile } from './parsers/index.js';

export type Outcome = 'ready' | 'failed' | 'deleted';

export const DELETED_BEFORE_PROCESSING = 'document was deleted before it was processed';

/**
 * The one ingestion pipeline (uploads, crawled pages, the seeded demo site): duplicate check, parse,
 * chunk, embed and index. Failures become the document's `error` and a job error entry; messages
 * are our own (never a library's text, which may hold paths).
 * It runs on the API's event loop, so every long step is cooperative (see Pacer): a 25 MiB file
 * is indexed over many turns of the loop, and the document stays `processing`, invisible to
 * search, until the last slice of chunks is committed. Binary formats are parsed in a worker
 * thread under `parseLimits` (see isolated-parse.ts), so a hostile file fails only itself.
 */
export async function processDocument(
  db: Db,
  doc: DocumentRow,
  bytes: Buffer,
  ext: Extension,
  now: () => Date,
  {
    ingestJob = true,
    parseLimits = {},
    parsed: given,
  }: {
    ingestJob?: boolean;
    parseLimits?: Partial<ParseLimits> | undefined;
    /** The document as the caller parsed it already (the crawler reads a page's links first). */
    parsed?: ParsedDocument;
  } = {},
): Promise<Outcome> {
  // Crawl jobs keep their own counts and `{url, error}` entries; only ingest jobs are updated here.
  const jobId = ingestJob ? doc.job_id : null;
  const duplicateOf = findDuplicate(db, doc);
  if (duplicateOf) {
    return fail(
      db,
      doc,
      jobId,
      `duplicate: the same content is already in namespace "${doc.namespace}" as document ${duplicateOf}`,
      now,
    );
  }
  let outcome: Outcome;
  // What the messages call it: the crawler's documents are pages.
  const noun = doc.source_type === 'crawl' ? 'page' : 'file';
  try {
    const pacer = new Pacer();
    const parsed =
      given ??
      (ISOLATED_EXTENSIONS.has(ext)
        ? await parseIsolated(bytes, ext, doc.filename, parseLimits, noun)
        : await parseFile(bytes, ext, doc.filename, pacer));
    const chunks = await chunkDocumentCooperatively(parsed, pacer);
    if (chunks.length === 0) return fail(db, doc, jobId, `The ${noun} contains no text to index.`, now);
    const title = parsed.title || doc.filename;
    const stored = await storeChunksCooperatively(db, doc.id, title, chunks, now, pacer);
    outcome = stored ? 'ready' : 'deleted';
    if (stored)
      db.prepare('UPDATE kb_documents SET extraction = ? WHERE id = ?').run(extractionOf(ext), doc.id);
  } catch (err) {
    const message = err instanceof ParseError ? err.message : `The ${noun} could not be processed.`;
    return fail(db, doc, jobId, message, now);
  }
  if (outcome === 'ready' && jobId) {
    updateCounts<IngestCounts>(
      db,
      jobId,
      (c) => {
        c.processed = (c.processed ?? 0) + 1;
        c.succeeded = (c.succeeded ?? 0) + 1;
      },
      now(),
    );
  }
  return outcome;
}

function fail(db: Db, doc: DocumentRow, jobId: string | null, error: string, now: () => Date): Outcome {
  const still = db.prepare('SELECT 1 FROM kb_documents WHERE id = ?').get(doc.id);
  if (!still) return 'deleted';
  markDocumentFailed(db, doc.id, error, now());
  if (jobId) recordFailure(db, jobId, doc.id, error, now());
  return 'failed';
}

/** Counts a failed document on its ingest job and adds the job's error entry. */
export function recordFailure(db: Db, jobId: string, documentId: string, error: string, at: Date): void {
  db.transaction(() => {
    updateCounts<IngestCounts>(
      db,
      jobId,
      (c) => {
        c.processed = (c.processed ?? 0) + 1;
        c.failed = (c.failed ?? 0) + 1;
      },
      at,
    );
    addJobError(db, jobId, { document_id: documentId, error }, at);
  })();
}
