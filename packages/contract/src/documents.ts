// Documents of the knowledge base as they appear on the network (snake_case). The contract names only
// some fields; the rest are passed through as extras.

export type DocumentStatus = 'processing' | 'ready' | 'failed';

/** `GET /documents/{documentId}` and each item of `GET /documents`. */
export interface Document {
  id: string;
  status: DocumentStatus;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

/** `DELETE /documents/{documentId}` → 200. */
export interface DocumentDeleted {
  id: string;
  object: 'document.deleted';
  deleted: true;
  chunks_deleted: number;
}
