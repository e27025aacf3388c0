import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app.js';
import { createApiClient, revokeApiClient } from './auth/credentials.js';
import { openDataDir } from './data-dir.js';
import type { AppDeps } from './deps.js';
import { createFaultQueue } from './http/faults.js';
import { startDispatcher } from './messages/dispatcher.js';
import { deliverDue } from './messages/outbox.js';
import { ensureAgency, seedDemoHearings } from './seed/seed.js';
import { setAgencyActive } from './settings/agency.js';

export interface TestSchedulingApiOptions {
  /** Defaults to a fresh temporary directory, removed by close(). */
  dataDir?: string;
  /** Seed the demo court's hearings (default true). */
  seedDemo?: boolean;
  /** Access-token lifetime in seconds (default 3600). */
  tokenTtlSeconds?: number;
  /** Injectable clock. */
  now?: () => Date;
  /** Run the once-a-second outbox dispatcher (default true). */
  dispatcher?: boolean;
}

export interface TestSchedulingApi {
  /** Server root: the token endpoint is `${serverUrl}/oauth/token`. */
  serverUrl: string;
  /** `${serverUrl}/v1`. */
  url: string;
  clientId: string;
  clientSecret: string;
  dataDir: string;
  deps: AppDeps;
  /** Another API client of the same agency. */
  createClient(): { clientId: string; clientSecret: string };
  /** Revokes an API client: its tokens answer 401 at once. */
  revokeClient(clientId: string): void;
  /** Marks the agency inactive (403) or active again. */
  setAgencyActive(active: boolean): void;
  /** Marks every due message as sent now (the dispatcher does it once a second). */
  deliverDue(): number;
  /** The next `times` requests (any route but /health) answer `status`; 429 and 503 with `Retry-After: 60`. */
  failNext(status: 429 | 500 | 503 | 504, times?: number): void;
  close(): Promise<void>;
}

/** Starts the real scheduling-api on 127.0.0.1 and a free port, for tests of any package. */
export async function startTestSchedulingApi(
  opts: TestSchedulingApiOptions = {},
): Promise<TestSchedulingApi> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'scheduling-api-test-'));
  const db = openDataDir(dataDir);
  const faults = createFaultQueue();
  const deps: AppDeps = {
    db,
    now: opts.now ?? (() => new Date()),
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    faults,
  };
  ensureAgency(db);
  const creds = createApiClient(db, deps.now());
  if (opts.seedDemo !== false) seedDemoHearings(db, deps.now().getTime());
  const dispatcher = opts.dispatcher === false ? null : startDispatcher(deps);
  const server: Server = createApp(deps).listen(0, '127.0.0.1');
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const serverUrl = `http://127.0.0.1:${port}`;
  return {
    serverUrl,
    url: `${serverUrl}/v1`,
    clientId: creds.clientId,
    clientSecret: creds.clientSecret,
    dataDir,
    deps,
    createClient: () => createApiClient(db, deps.now()),
    revokeClient: (clientId) => {
      revokeApiClient(db, clientId, deps.now());
    },
    setAgencyActive: (active) => setAgencyActive(db, active),
    deliverDue: () => deliverDue(db, deps.now().getTime()),
    failNext: (status, times = 1) => faults.push(status, times),
    async close() {
      dispatcher?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
