// Errors of the relay's admin API (apps/relay/docs/admin-api.md, "Errors"): the HTTP status carries the
// class, `code` says what happened. New codes may be added; clients fall back on the status.

export type AdminErrorCode =
  | 'invalid_request'
  | 'invalid_files'
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'csrf_failed'
  | 'origin_mismatch'
  | 'not_found'
  | 'not_configured'
  | 'method_not_allowed'
  | 'too_large'
  | 'unsupported_media_type'
  | 'locked_out'
  | 'rate_limited'
  | 'upstream_rate_limited'
  | 'upstream_error'
  | 'upstream_unavailable'
  | 'internal_error';

/** Why one file of an upload was refused (`files[]` of an `invalid_files` error). */
export type FileRejectionCode =
  | 'extension_not_allowed'
  | 'bad_filename'
  | 'file_too_large'
  | 'empty_file'
  | 'too_many_files'
  | 'rejected_upstream';

export interface WireFileRejection {
  /** 0-based position among the `file` parts. */
  index: number;
  filename: string;
  code: FileRejectionCode;
  reason: string;
}

/** Body of every error response of the admin API. */
export interface WireErrorBody {
  error: {
    code: AdminErrorCode;
    message: string;
    /** The field at fault (`max_pages`, `seed_urls[2]`, `file`), or null. */
    param?: string | null;
    /** On `invalid_files`: every rejected file, sorted by index. */
    files?: WireFileRejection[];
    /** Seconds to wait, on `locked_out`, `rate_limited` and `upstream_rate_limited`. */
    retry_after?: number;
    /** On `upstream_error`: what the upstream answered. */
    upstream_status?: number;
    upstream_code?: string | null;
  };
}
