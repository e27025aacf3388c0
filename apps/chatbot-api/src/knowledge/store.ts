import type { Db } from '../db/database.js';
import { deleteChunks } from './chunk-writer.js';
import { rfc3339 } from './timestamps.js';

// Chunk writing lives in chunk-writer.ts; re-exported for the callers that index through this module.
export { storeChunks, storeChunksCooperatively } from './chunk-writer.js';

export type DocumentStatus = 'processing' | 'ready' | 'failed';
export type SourceType = 'upload' | 'crawl';

export interface NewDocument {
  id: string;
  accountId: string;
  jobId: string | null;
  namespace: string;
  filename: string;
  title: string | null;
  sourceType: SourceType;
  sourceUrl: string | null;
  bytes: number;
  contentType: string;
  contentHash: string;
  spoolPath: string | null;
}

export interface DocumentRow {
  id: string;
  seq: number;
  account_id: string;
  job_id: string | null;
  namespace: string;
  filename: string;
  title: string | null;
  source_type: SourceType;
  source_url: string | null;
  status: DocumentStatus;
  error: string | null;
  chunk_count: number;
  bytes: number;
  content_type: string;
  content_hash: string;
  spool_path: string | null;
  created_at: string;
  updated_at: string;
}

export function insertDocument(db: Db, doc: NewDocument, now: Date): void {
  const at = rfc3339(now);
  db.prepare(
    `INSERT INTO kb_documents (id, seq, account_id, job_id, namespace, filename, title, source_type, source_url,
       status, bytes, content_type, content_hash, spool_path, created_at, updated_at)
     VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM kb_documents), ?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ?, ?)`,
  ).run(
    doc.id,
    doc.accountId,
    doc.jobId,
    doc.namespace,
    doc.filename,
    doc.title,
    doc.sourceType,
    doc.sourceUrl,
    doc.bytes,
    doc.contentType,
    doc.contentHash,
    doc.spoolPath,
    at,
    at,
  );
}

export function getDocument(db: Db, accountId: string, id: string): DocumentRow | undefined {
  return db.prepare('SELECT * FROM kb_documents WHERE id = ? AND account_id = ?').get(id, accountId) as
    | DocumentRow
    | undefined;
}

/**
 * Another live document with the same bytes in the same namespace, if any. An earlier crawl of the
 * same address is none: the crawl replaces it (with the same bytes, when an older version of the
 * parser had indexed it).
 */
export function findDuplicate(db: Db, doc: DocumentRow): string | null {
  const row = db
    .prepare(
      `SELECT id FROM kb_documents WHERE account_id = ? AND namespace = ? AND content_hash = ? AND id != ?
         AND status = 'ready'
         AND NOT (? = 'crawl' AND source_type = 'crawl' AND source_url IS ?)
       ORDER BY seq LIMIT 1`,
    )
    .get(doc.account_id, doc.namespace, doc.content_hash, doc.id, doc.source_type, doc.source_url) as
    | { id: string }
    | undefined;
  return row?.id ?? null;
}

/** Also drops the chunks a run cut short left pending (a failed document is never retried). */
export function markDocumentFailed(db: Db, documentId: string, error: string, now: Date): void {
  db.transaction(() => {
    deleteChunks(db, documentId, 'pending');
    db.prepare(
      `UPDATE kb_documents SET status = 'failed', error = ?, spool_path = NULL, updated_at = ? WHERE id = ?`,
    ).run(error, rfc3339(now), documentId);
  })();
}

/** Deletes a document and its chunks; null when it does not exist for this account. */
export function deleteDocument(
  db: Db,
  accountId: string,
  id: string,
): { chunksDeleted: number; spoolPath: string | null } | null {
  return db.transaction(() => {
    const doc = getDocument(db, accountId, id);
    if (!doc) return null;
    // A document still being indexed may have pending chunks; they were never searchable.
    const chunksDeleted = deleteChunks(db, id, 'published');
    deleteChunks(db, id, 'pending');
    db.prepare('DELETE FROM kb_documents WHERE id = ?').run(id);
    return { chunksDeleted, spoolPath: doc.spool_path };
  })();
}
