import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { loadConfig } from './config.js';
import type { RelayDeps } from './deps.js';
import { startRelay } from './runtime.js';

export interface StartTestRelayOptions {
  upstreamBaseUrl: string;
  chatKey: string;
  ingestKey: string;
  allowedOrigins: string[];
  /** Any other configuration variable, by its env name (e.g. `{ LIMIT_IP_PER_MINUTE: '5' }`). */
  env?: Record<string, string | undefined>;
  /** Receives every JSON log line (tests assert no secret is logged). Default: silent. */
  logDestination?: DestinationStream;
  now?: () => Date;
  fetch?: typeof fetch;
  widgetDistDir?: string;
}

export interface TestRelay {
  /** Server root, e.g. `http://127.0.0.1:41234`. */
  url: string;
  deps: RelayDeps;
  /** Graceful close (open streams get `graceMs`, default 1 s), then the temp data dir is removed. */
  close(graceMs?: number): Promise<void>;
}

/**
 * A real relay on 127.0.0.1, a free port, an in-memory database (unless `env.DATABASE_URL`) and a
 * throwaway data dir. Stable interface: e2e and the admin tests depend on it.
 */
export async function startTestRelay(options: StartTestRelayOptions): Promise<TestRelay> {
  const dataDir = mkdtempSync(join(tmpdir(), 'amicus-relay-'));
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_BASE_URL: options.upstreamBaseUrl,
      UPSTREAM_CHAT_KEY: options.chatKey,
      UPSTREAM_INGEST_KEY: options.ingestKey,
      ALLOWED_ORIGINS: options.allowedOrigins.join(','),
      EMBEDDED_DATA_DIR: dataDir,
      DATABASE_URL: 'memory:',
      LOG_LEVEL: options.logDestination ? 'info' : 'silent',
      ADMIN_PASSWORD: 'test-admin-password',
      // Every client of a test (and every page of an e2e journey) is 127.0.0.1: one address's share
      // of the upstream budget would be the whole suite's. Tests of that share set it themselves.
      LIMIT_IP_UPSTREAM_SHARE: '1',
      ...options.env,
    },
    { cwd: dataDir },
  );
  const relay = await startRelay(config, {
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.widgetDistDir ? { widgetDistDir: options.widgetDistDir } : {}),
  });
  return {
    url: relay.url,
    deps: relay.deps,
    close: async (graceMs = 1000) => {
      await relay.close(graceMs);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
