import type { DocumentRow } from '../knowledge/store.js';

/** The document object of the wire (our definition; the contract leaves it open). */
export function documentView(d: DocumentRow): Record<string, unknown> {
  return {
    id: d.id,
    object: 'document',
    filename: d.filename,
    title: d.title,
    source_type: d.source_type,
    source_url: d.source_url,
    namespace: d.namespace,
    status: d.status,
    error: d.error,
    chunk_count: d.chunk_count,
    bytes: d.bytes,
    content_type: d.content_type,
    job_id: d.job_id,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}
