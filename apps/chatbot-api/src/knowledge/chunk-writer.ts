import type { Db } from '../db/database.js';
import { spanishStemText } from '../language/stem.js';
import { type Chunk, indexedText } from './chunking.js';
import { embedText, vectorToBlob } from './embedding.js';
import type { Pacer } from './pacer.js';
import { noteIndexChanged } from './term-stats.js';
import { rfc3339 } from './timestamps.js';

/*
 * Writing a document's chunks (text, FTS entry, vector). New chunks are inserted pending (listed in
 * kb_chunks_pending, which search skips) and published, with the document's `ready` status, in one final transaction: a
 * search never sees half a document, and a document never ends half-written. A run cut short (the
 * process stopped between slices) leaves pending rows and a `processing` document; the next run of
 * the same document, or its failure, deletes those rows first.
 */

/** Upper bound of chunks embedded and inserted per transaction; the pacer usually cuts sooner. */
const SLICE_CHUNKS = 64;
/** Rows deleted per transaction when clearing what an interrupted run left behind. */
const DELETE_SLICE = 500;

interface Scope {
  account_id: string;
  namespace: string;
}

interface Prepared {
  chunk: Chunk;
  body: string;
  /** `body` as Spanish stems, for kb_chunks_fts_es. */
  stems: string;
  vector: Buffer;
}

/**
 * Indexes a document's chunks and marks it ready, in one transaction. For small documents and
 * callers that hold no event loop (tests, benchmarks). Returns false when the document is gone.
 */
export function storeChunks(
  db: Db,
  documentId: string,
  title: string,
  chunks: readonly Chunk[],
  now: Date,
): boolean {
  const scope = scopeOf(db, documentId);
  if (!scope) return false;
  // Embedding is the slow part: do it before taking the write lock.
  const prepared = chunks.map((c) => prepare(title, c));
  return db.transaction(() => {
    if (!scopeOf(db, documentId)) return false;
    deleteChunks(db, documentId, 'pending');
    insertPending(db, documentId, scope, prepared);
    return publish(db, documentId, title, prepared.length, now);
  })();
}

/**
 * The same as storeChunks, in slices: each slice embeds and inserts up to SLICE_CHUNKS chunks in
 * its own transaction, then the pacer lets the event loop serve requests.
 */
export async function storeChunksCooperatively(
  db: Db,
  documentId: string,
  title: string,
  chunks: readonly Chunk[],
  now: () => Date,
  pacer: Pacer,
): Promise<boolean> {
  const scope = scopeOf(db, documentId);
  if (!scope) return false;
  await deletePendingCooperatively(db, documentId, pacer);
  let next = 0;
  while (next < chunks.length) {
    const slice: Prepared[] = [];
    do slice.push(prepare(title, chunks[next++]!));
    while (next < chunks.length && slice.length < SLICE_CHUNKS && !pacer.due());
    // A document deleted meanwhile took its rows with it (deleteDocument removes pending ones too).
    const alive = db.transaction(() => {
      if (!scopeOf(db, documentId)) return false;
      insertPending(db, documentId, scope, slice);
      return true;
    })();
    if (!alive) return false;
    await pacer.yield();
  }
  return db.transaction(() => publish(db, documentId, title, chunks.length, now()))();
}

/**
 * Deletes a document's chunks: all of them, only the pending ones (left by a run cut short), or
 * only the published ones (replaced by a new run). Returns how many were deleted.
 */
export function deleteChunks(
  db: Db,
  documentId: string,
  which: 'all' | 'pending' | 'published' = 'all',
): number {
  const ids = chunkIds(db, documentId, which);
  if (ids.length === 0) return 0;
  noteIndexChanged(db);
  const del = deleteStatements(db);
  for (const id of ids) del(id);
  return ids.length;
}

/** deleteChunks(…, 'pending') in slices: an interrupted 25 MiB document leaves thousands of rows. */
async function deletePendingCooperatively(db: Db, documentId: string, pacer: Pacer): Promise<void> {
  const ids = chunkIds(db, documentId, 'pending');
  if (ids.length === 0) return;
  noteIndexChanged(db);
  const del = deleteStatements(db);
  for (let i = 0; i < ids.length; i += DELETE_SLICE) {
    db.transaction(() => {
      for (const id of ids.slice(i, i + DELETE_SLICE)) del(id);
    })();
    await pacer.tick();
  }
}

/** Deletes one chunk: its row (kb_chunks_pending follows by cascade) and both full-text entries. */
function deleteStatements(db: Db): (id: number) => void {
  const delFts = db.prepare('DELETE FROM kb_chunks_fts WHERE rowid = ?');
  const delFtsEs = db.prepare('DELETE FROM kb_chunks_fts_es WHERE rowid = ?');
  const delChunk = db.prepare('DELETE FROM kb_chunks WHERE id = ?');
  return (id) => {
    delFts.run(id);
    delFtsEs.run(id);
    delChunk.run(id);
  };
}

function chunkIds(db: Db, documentId: string, which: 'all' | 'pending' | 'published'): number[] {
  const filter = {
    all: '',
    pending: ' AND id IN (SELECT id FROM kb_chunks_pending)',
    published: ' AND id NOT IN (SELECT id FROM kb_chunks_pending)',
  }[which];
  return db
    .prepare(`SELECT id FROM kb_chunks WHERE document_id = ?${filter}`)
    .pluck()
    .all(documentId) as number[];
}

function scopeOf(db: Db, documentId: string): Scope | undefined {
  return db.prepare('SELECT account_id, namespace FROM kb_documents WHERE id = ?').get(documentId) as
    | Scope
    | undefined;
}

function prepare(title: string, chunk: Chunk): Prepared {
  const body = indexedText(title, chunk.headingPath, chunk.text);
  return { chunk, body, stems: spanishStemText(body), vector: vectorToBlob(embedText(body)) };
}

function insertPending(db: Db, documentId: string, scope: Scope, prepared: readonly Prepared[]): void {
  const insertChunk = db.prepare(
    `INSERT INTO kb_chunks (document_id, account_id, namespace, chunk_index, heading_path, text, embedding)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFts = db.prepare('INSERT INTO kb_chunks_fts (rowid, body) VALUES (?, ?)');
  const insertFtsEs = db.prepare('INSERT INTO kb_chunks_fts_es (rowid, body) VALUES (?, ?)');
  const insertPendingId = db.prepare('INSERT INTO kb_chunks_pending (id) VALUES (?)');
  noteIndexChanged(db);
  for (const { chunk, body, stems, vector } of prepared) {
    const info = insertChunk.run(
      documentId,
      scope.account_id,
      scope.namespace,
      chunk.index,
      JSON.stringify(chunk.headingPath),
      chunk.text,
      vector,
    );
    insertFts.run(info.lastInsertRowid, body);
    insertFtsEs.run(info.lastInsertRowid, stems);
    insertPendingId.run(info.lastInsertRowid);
  }
}

/** Call inside a transaction: swaps the document's published chunks for its pending ones. */
function publish(db: Db, documentId: string, title: string, count: number, now: Date): boolean {
  if (!scopeOf(db, documentId)) return false;
  deleteChunks(db, documentId, 'published');
  db.prepare(
    'DELETE FROM kb_chunks_pending WHERE id IN (SELECT id FROM kb_chunks WHERE document_id = ?)',
  ).run(documentId);
  db.prepare(
    `UPDATE kb_documents SET status = 'ready', error = NULL, title = ?, chunk_count = ?, spool_path = NULL,
       updated_at = ? WHERE id = ?`,
  ).run(title, count, rfc3339(now), documentId);
  noteIndexChanged(db);
  return true;
}
