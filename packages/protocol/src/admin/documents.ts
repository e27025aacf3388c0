import type { UpstreamObject } from './jobs.js';

// Documents of the knowledge base as the admin API lists them (apps/relay/docs/admin-api.md,
// "Documents"); each document is the upstream's object, passed through.

/** `GET /documents` → 200. */
export interface WireDocumentPage {
  data: UpstreamObject[];
  has_more: boolean;
  next_cursor: string | null;
}

/** `DELETE /documents/{id}` → 200, and each result of a bulk delete. */
export interface WireDeleteResult {
  id: string;
  deleted: boolean;
  chunks_deleted?: number;
  error?: { code: string; message: string };
}

/** `POST /documents/bulk-delete` body. */
export interface WireBulkDeleteRequest {
  ids: string[];
}

/** `POST /documents/bulk-delete` → 200. */
export interface WireBulkDelete {
  results: WireDeleteResult[];
  chunks_deleted: number;
}

/** Items of `GET /namespaces`. */
export interface WireNamespace {
  name: string;
  last_used_at: string | null;
}

/** `PUT /documents/{id}/link` body and → 200 (with `document_id`): the public link staff give a document. */
export interface WireDocumentLink {
  document_id: string;
  url: string | null;
  title: string | null;
}
