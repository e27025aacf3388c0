import type { Db } from '../db/database.js';
import { type Chunk, indexedText } from './chunking.js';
import { embedText, vectorToBlob } from './embedding.js';
import { noteIndexChanged } from './term-stats.js';
import { rfc3339 } from './timestamps.js';

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

/** Another live document with the same bytes in the same namespace, if any. */
export function findDuplicate(db: Db, doc: DocumentRow): string | null {
  const row = db
    .prepare(
      `SELECT id FROM kb_documents WHERE account_id = ? AND namespace = ? AND content_hash = ? AND id != ?
         AND status = 'ready' ORDER BY seq LIMIT 1`,
    )
    .get(doc.account_id, doc.namespace, doc.content_hash, doc.id) as { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * Indexes a document's chunks (text, FTS entry, vector) and marks it ready, in one transaction, so
 * a search never sees half a document. Returns false when the document was deleted meanwhile.
 */
export function storeChunks(
  db: Db,
  documentId: string,
  title: string,
  chunks: readonly Chunk[],
  now: Date,
): boolean {
  const doc = db.prepare('SELECT account_id, namespace FROM kb_documents WHERE id = ?').get(documentId) as
    | { account_id: string; namespace: string }
    | undefined;
  if (!doc) return false;
  // Embedding is the slow part: do it before taking the write lock.
  const prepared = chunks.map((c) => {
    const body = indexedText(title, c.headingPath, c.text);
    return { c, body, vector: vectorToBlob(embedText(body)) };
  });
  const insertChunk = db.prepare(
    `INSERT INTO kb_chunks (document_id, account_id, namespace, chunk_index, heading_path, text, embedding)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFts = db.prepare('INSERT INTO kb_chunks_fts (rowid, body) VALUES (?, ?)');
  return db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM kb_documents WHERE id = ?').get(documentId)) return false;
    deleteChunks(db, documentId);
    noteIndexChanged(db);
    for (const { c, body, vector } of prepared) {
      const info = insertChunk.run(
        documentId,
        doc.account_id,
        doc.namespace,
        c.index,
        JSON.stringify(c.headingPath),
        c.text,
        vector,
      );
      insertFts.run(info.lastInsertRowid, body);
    }
    db.prepare(
      `UPDATE kb_documents SET status = 'ready', error = NULL, title = ?, chunk_count = ?, spool_path = NULL,
         updated_at = ? WHERE id = ?`,
    ).run(title, prepared.length, rfc3339(now), documentId);
    return true;
  })();
}

export function markDocumentFailed(db: Db, documentId: string, error: string, now: Date): void {
  db.prepare(
    `UPDATE kb_documents SET status = 'failed', error = ?, spool_path = NULL, updated_at = ? WHERE id = ?`,
  ).run(error, rfc3339(now), documentId);
}

function deleteChunks(db: Db, documentId: string): number {
  noteIndexChanged(db);
  const ids = db
    .prepare('SELECT id FROM kb_chunks WHERE document_id = ?')
    .pluck()
    .all(documentId) as number[];
  const delFts = db.prepare('DELETE FROM kb_chunks_fts WHERE rowid = ?');
  for (const id of ids) delFts.run(id);
  db.prepare('DELETE FROM kb_chunks WHERE document_id = ?').run(documentId);
  return ids.length;
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
    const chunksDeleted = deleteChunks(db, id);
    db.prepare('DELETE FROM kb_documents WHERE id = ?').run(id);
    return { chunksDeleted, spoolPath: doc.spool_path };
  })();
}
