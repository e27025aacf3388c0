import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionAccount } from './accounts/provision.js';
import { createApp } from './app.js';
import type { GenerationConfig } from './config.js';
import { openDataDir } from './data-dir.js';
import type { AppDeps } from './deps.js';
import { answerParserErrorsWithEnvelope } from './http/client-error.js';
import { startBackgroundWork } from './ingest/background.js';
import { seedDirectory } from './ingest/seed.js';

export interface TestChatbotApiOptions {
  /** Defaults to a fresh temporary directory, removed by close(). */
  dataDir?: string;
  /** A static site directory to ingest before the server starts (see seedDirectory). */
  seedDir?: string;
  /** Origin the seeded site is served at; defaults to http://127.0.0.1:8080. */
  seedBaseUrl?: string;
  /** Namespace of the seeded pages; defaults to `general`. */
  namespace?: string;
  crawlAllowHosts?: string[];
  /** Answer with an OpenAI-compatible server instead of the extractive answerer. */
  generation?: GenerationConfig;
  /** Injectable clock and fetch for tests that need control. */
  now?: () => Date;
  fetch?: typeof fetch;
}

export interface TestChatbotApi {
  /** Base URL including `/v1`. */
  url: string;
  /** Server root (only `/health` lives there). */
  serverUrl: string;
  chatKey: string;
  ingestKey: string;
  accountId: string;
  botSlug: string;
  dataDir: string;
  deps: AppDeps;
  /** Resolves when the ingest worker has nothing left to process (uploads are indexed in the background). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the real chatbot-api on 127.0.0.1 and a free port with a fresh account, for tests of any package. */
export async function startTestChatbotApi(opts: TestChatbotApiOptions = {}): Promise<TestChatbotApi> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'chatbot-api-test-'));
  const db = openDataDir(dataDir);
  const deps: AppDeps = {
    db,
    dataDir,
    now: opts.now ?? (() => new Date()),
    fetch: opts.fetch ?? globalThis.fetch,
    crawlAllowHosts: opts.crawlAllowHosts ?? [],
    generation: opts.generation ?? null,
  };
  const account = await provisionAccount(db, { now: deps.now() });
  if (opts.seedDir !== undefined) {
    await seedDirectory(deps, {
      accountId: account.accountId,
      dir: opts.seedDir,
      baseUrl: opts.seedBaseUrl ?? 'http://127.0.0.1:8080',
      namespace: opts.namespace ?? 'general',
    });
  }
  const background = startBackgroundWork(deps);
  const server: Server = createApp(deps).listen(0, '127.0.0.1');
  answerParserErrorsWithEnvelope(server);
  // Longer than clients' idle reuse window, so a busy event loop (a large ingest) cannot close a
  // keep-alive socket just as the client reuses it (ECONNRESET in tests).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const serverUrl = `http://127.0.0.1:${port}`;
  return {
    url: `${serverUrl}/v1`,
    serverUrl,
    chatKey: account.chatKey,
    ingestKey: account.ingestKey,
    accountId: account.accountId,
    botSlug: account.botSlug,
    dataDir,
    deps,
    idle: () => background.idle(),
    async close() {
      background.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
