import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SchedulingConformanceConfig } from './config.js';
import { call } from './http.js';
import { type ExtraServer, fetchToken, type OutboxEntry, type Target } from './target.js';

// A fresh `startTestSchedulingApi()` per test file; the harness's hooks stand in for provider-side setup.

/** What `@amicus/scheduling-api/testing` returns (typed here: the suite depends on it only at runtime). */
interface Harness {
  serverUrl: string;
  url: string;
  clientId: string;
  clientSecret: string;
  createClient(): { clientId: string; clientSecret: string };
  revokeClient(clientId: string): void;
  setAgencyActive(active: boolean): void;
  close(): Promise<void>;
}

type StartHarness = (opts?: { tokenTtlSeconds?: number; seedDemo?: boolean }) => Promise<Harness>;

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

async function loadHarness(): Promise<StartHarness> {
  // The sources first: in this workspace they are never stale, unlike a dist/ built earlier. A variable
  // specifier keeps the type checker from requiring a build.
  const candidates = [join(repoRoot, 'apps/scheduling-api/src/testing.ts'), '@amicus/scheduling-api/testing'];
  const errors: string[] = [];
  for (const spec of candidates) {
    try {
      const mod = (await import(spec)) as { startTestSchedulingApi?: StartHarness };
      if (typeof mod.startTestSchedulingApi === 'function') return mod.startTestSchedulingApi;
      errors.push(`${spec}: no startTestSchedulingApi export`);
    } catch (e) {
      errors.push(`${spec}: ${(e as Error).message}`);
    }
  }
  throw new Error(`cannot start the local scheduling-api:\n${errors.join('\n')}`);
}

export async function localTarget(config: SchedulingConformanceConfig): Promise<Target> {
  const start = await loadHarness();
  const harness = await start();
  const credentials = { clientId: harness.clientId, clientSecret: harness.clientSecret };
  const extra: ExtraServer[] = [];
  let token: Promise<string> | null = null;

  const shortLivedTokens = async (ttlSeconds: number): Promise<ExtraServer> => {
    const h = await start({ tokenTtlSeconds: ttlSeconds, seedDemo: false });
    const server: ExtraServer = {
      serverUrl: h.serverUrl,
      clientId: h.clientId,
      clientSecret: h.clientSecret,
      close: () => h.close(),
    };
    extra.push(server);
    return server;
  };

  const target: Target = {
    kind: 'local',
    serverUrl: harness.serverUrl,
    baseUrl: harness.url,
    credentials,
    config,
    url: (p) => harness.url + p,
    token: () => {
      token ??= fetchToken(harness.serverUrl, credentials);
      return token;
    },
    api: async (method, path, body) =>
      call(harness.url + path, method, { token: await target.token(), body }),
    revokedCredentials: async () => {
      const c = harness.createClient();
      harness.revokeClient(c.clientId);
      return c;
    },
    revocableClient: async () => {
      const c = harness.createClient();
      return { ...c, revoke: async () => harness.revokeClient(c.clientId) };
    },
    inactiveAgency: async () => {
      harness.setAgencyActive(false);
      return { ...credentials, done: async () => harness.setAgencyActive(true) };
    },
    shortLivedTokens,
    expiredToken: async () => {
      const server = await shortLivedTokens(1);
      const t = await fetchToken(server.serverUrl, server);
      await new Promise((r) => setTimeout(r, 1100));
      return { serverUrl: server.serverUrl, token: t };
    },
    outbox: async (query = {}) => {
      const qs = new URLSearchParams(query).toString();
      const res = await call(`${harness.serverUrl}/_local/outbox${qs ? `?${qs}` : ''}`, 'GET', {
        token: await target.token(),
      });
      if (res.status !== 200) throw new Error(`outbox: ${res.status} ${res.text}`);
      return res.body as OutboxEntry[];
    },
    close: async () => {
      await Promise.all(extra.map((s) => s.close()));
      await harness.close();
    },
  };
  return target;
}
