// The widget's origin allowlist and the audit log (apps/relay/docs/admin-api.md, "Allowed origins", "Audit log").

/** `GET` and `PUT /settings/origins` → 200; `PUT` takes `{ origins: string[] }`. */
export interface WireOrigins {
  /** From the relay's environment (read only here). */
  configured: string[];
  /** Editable by staff; `PUT` replaces them. */
  stored: string[];
  /** What the widget API accepts: configured ∪ the relay's own origin ∪ stored. */
  effective: string[];
}

export interface WireOriginsRequest {
  origins: string[];
}

export interface WireAuditEntry {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  /** Null on entries recorded without an address (the column allows it). */
  ip: string | null;
  result: 'success' | 'failure';
  detail: Record<string, unknown> | null;
}

/** `GET /audit` → 200. */
export interface WireAuditPage {
  data: WireAuditEntry[];
  next_cursor: string | null;
}
