// Staff sign-in (apps/relay/docs/admin-api.md, "Session, cookie and CSRF").

/** `POST /login` body. */
export interface WireLoginRequest {
  username: string;
  password: string;
}

/** `GET /session` and `POST /login` → 200. */
export interface WireSession {
  authenticated: boolean;
  user?: { username: string };
  /** Sent back as `X-CSRF-Token` on every state-changing request. */
  csrf_token?: string;
  expires_at?: string;
}
