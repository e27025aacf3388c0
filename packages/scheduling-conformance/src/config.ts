/**
 * Everything the suite reads from the environment, read once. With no `SCHEDULING_API_SERVER_URL` each test
 * file starts a fresh local scheduling-api; with it, the suite talks to that service only, and rules that
 * need provider-side setup read pre-made credentials (and are skipped, naming the variable, without them).
 */
export interface RemoteConfig {
  /** The environment's server root; the API is under `/v1`, the token endpoint at `/oauth/token`. */
  serverUrl: string;
  clientId: string;
  clientSecret: string;
  /** Credentials of an API client that was revoked. */
  revoked: { clientId: string; clientSecret: string } | null;
  /** Credentials of an API client whose agency is inactive (403). */
  inactiveAgency: { clientId: string; clientSecret: string } | null;
  /** An expired access token of the main client. */
  expiredToken: string | null;
}

export interface SchedulingConformanceConfig {
  remote: RemoteConfig | null;
  /** Recipients of the one-off tests. Use staging (messages are simulated there) or test inboxes. */
  testPhone: string;
  testEmail: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function opt(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

function req(env: Env, name: string): string {
  const v = opt(env, name);
  if (v === null) throw new Error(`${name} is required when SCHEDULING_API_SERVER_URL is set`);
  return v;
}

function pair(env: Env, id: string, secret: string) {
  const a = opt(env, id);
  const b = opt(env, secret);
  return a !== null && b !== null ? { clientId: a, clientSecret: b } : null;
}

export function loadConfig(env: Env): SchedulingConformanceConfig {
  const serverUrl = opt(env, 'SCHEDULING_API_SERVER_URL');
  const common = {
    testPhone: opt(env, 'SCHEDULING_API_TEST_PHONE') ?? '+1 555 010 0199',
    testEmail: opt(env, 'SCHEDULING_API_TEST_EMAIL') ?? 'conformance@court.example',
  };
  if (serverUrl === null) return { remote: null, ...common };
  return {
    ...common,
    remote: {
      serverUrl: serverUrl.replace(/\/+$/, ''),
      clientId: req(env, 'SCHEDULING_API_CLIENT_ID'),
      clientSecret: req(env, 'SCHEDULING_API_CLIENT_SECRET'),
      revoked: pair(env, 'SCHEDULING_API_REVOKED_CLIENT_ID', 'SCHEDULING_API_REVOKED_CLIENT_SECRET'),
      inactiveAgency: pair(env, 'SCHEDULING_API_INACTIVE_CLIENT_ID', 'SCHEDULING_API_INACTIVE_CLIENT_SECRET'),
      expiredToken: opt(env, 'SCHEDULING_API_EXPIRED_TOKEN'),
    },
  };
}
