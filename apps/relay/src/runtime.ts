import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { ensureAdminUser } from './admin/index.js';
import { createApp } from './app.js';
import { buildDeps, type RelayRuntimeOptions } from './build-deps.js';
import type { RelayConfig } from './config.js';
import type { RelayDeps } from './deps.js';

export type { RelayRuntimeOptions } from './build-deps.js';

export interface RunningRelay {
  url: string;
  app: Express;
  server: Server;
  deps: RelayDeps;
  /** The file holding the generated admin password, while it exists: print its path, never the content. */
  adminPasswordFile: string | undefined;
  /** Stops taking requests, lets open answers finish up to `graceMs`, then releases everything. */
  close(graceMs?: number): Promise<void>;
}

/** Builds and starts a relay on `config.host:config.port` (port 0 picks a free one). */
export async function startRelay(
  config: RelayConfig,
  options: RelayRuntimeOptions = {},
): Promise<RunningRelay> {
  const deps = await buildDeps(config, options);
  const admin = await ensureAdminUser(deps);
  const app = createApp(deps);
  // These bound only a request's arrival (headers, then the whole body): a half-sent request is cut,
  // while an answer stream, whose request arrived long before, may run for MAX_STREAM_SECONDS.
  // Node checks them every `connectionsCheckingInterval`, so that follows the shorter bound.
  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
    },
    app,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  deps.housekeeping.start();
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    app,
    server,
    deps,
    adminPasswordFile: admin.passwordFile,
    close: (graceMs = config.shutdownGraceMs) => {
      closing ??= shutdown(server, deps, graceMs);
      return closing;
    },
  };
}

/**
 * Stops taking requests, lets open answers finish for `graceMs` (then aborts them), and releases
 * everything `buildDeps` opened.
 */
export async function shutdown(
  server: Server,
  deps: RelayDeps,
  graceMs = deps.config.shutdownGraceMs,
): Promise<void> {
  deps.housekeeping.stop();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const { streams } = deps;
  const deadline = Date.now() + graceMs;
  while (streams.size > 0 && Date.now() < deadline) {
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (streams.size > 0)
    deps.logger.warn({ streams: streams.size }, 'shutdown deadline: aborting open streams');
  for (const stream of streams) stream.abort();
  server.closeAllConnections();
  await closed;
  deps.admission.close();
  await deps.usage
    .close()
    .catch((error: unknown) => deps.logger.error({ err: error }, 'could not save daily usage'));
  await deps.sql.close();
  await deps.redis?.quit().catch(() => undefined);
}
