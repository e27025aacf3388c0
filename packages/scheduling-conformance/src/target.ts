import { loadConfig, type SchedulingConformanceConfig } from './config.js';
import { type ApiResponse, call } from './http.js';
import { localTarget } from './local-target.js';
import { remoteTarget } from './remote-target.js';

export { Unavailable } from './unavailable.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Another server of the same implementation with its own credentials (local only). */
export interface ExtraServer extends Credentials {
  serverUrl: string;
  close(): Promise<void>;
}

/** A service the suite talks to over HTTP only, plus the ways it can set up the state some rules need. */
export interface Target {
  readonly kind: 'local' | 'remote';
  /** Server root: `${serverUrl}/oauth/token`. */
  readonly serverUrl: string;
  /** `${serverUrl}/v1`. */
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly config: SchedulingConformanceConfig;
  /** `baseUrl` + path. */
  url(path: string): string;
  /** An access token of the main API client, fetched once per test file. */
  token(): Promise<string>;
  /** A request with the main client's token. */
  api(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  /** Credentials of a revoked API client. */
  revokedCredentials(): Promise<Credentials>;
  /** A working API client and a way to revoke it (local only: revocation is done in the provider console). */
  revocableClient(): Promise<Credentials & { revoke(): Promise<void> }>;
  /** Credentials whose agency is inactive, and a function that undoes the setup (local: reactivates). */
  inactiveAgency(): Promise<Credentials & { done(): Promise<void> }>;
  /** A server of this implementation issuing tokens that live `ttlSeconds` (local only). */
  shortLivedTokens(ttlSeconds: number): Promise<ExtraServer>;
  /** An expired token for this target's server. */
  expiredToken(): Promise<{ serverUrl: string; token: string }>;
  /** The outbox extension (`GET /_local/outbox`), local only. */
  outbox(query?: Record<string, string>): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}

export interface OutboxEntry {
  uuid: string;
  to: string;
  subject: string | null;
  content: string;
  last_status: string;
  sent: number;
  channel: string;
  origin: string;
  event: string | null;
  client: string | null;
  step: string | null;
  scheduled_at: string;
}

let cached: SchedulingConformanceConfig | null = null;

/** The target of this test file: the env-described service, or a fresh local scheduling-api. */
export async function openTarget(): Promise<Target> {
  cached ??= loadConfig(process.env);
  return cached.remote ? remoteTarget(cached, cached.remote) : localTarget(cached);
}

/** Requests a token with the client-credentials grant. */
export function requestToken(serverUrl: string, body: unknown, headers?: Record<string, string>) {
  return call(`${serverUrl}/oauth/token`, 'POST', { body, ...(headers ? { headers } : {}) });
}

/** A token for the given credentials; throws when the service does not issue one. */
export async function fetchToken(serverUrl: string, c: Credentials): Promise<string> {
  const res = await requestToken(serverUrl, {
    client_id: c.clientId,
    client_secret: c.clientSecret,
    grant_type: 'client_credentials',
  });
  const token = (res.body as { access_token?: unknown } | undefined)?.access_token;
  if (res.status !== 201 || typeof token !== 'string') {
    throw new Error(`token request failed: ${res.status} ${res.text}`);
  }
  return token;
}
