import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { buildDeps } from '../../build-deps.js';
import { loadConfig } from '../../config.js';
import type { RelayDeps } from '../../deps.js';
import { shutdown } from '../../runtime.js';
import { createWebhookRouter } from '../../webhooks/router.js';
import { ensureAdminUser } from '../auth/users.js';
import { createAdminRouter } from '../router.js';

export const TEST_KEY = `svc_sk_${'a'.repeat(59)}`;
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const WEBHOOK_SECRET = 'whsec_test_secret_value';

export interface AdminFixture {
  baseUrl: string;
  origin: string;
  deps: RelayDeps;
  clock: { now: Date; advance(ms: number): void };
  login(password?: string, headers?: Record<string, string>): Promise<Response>;
  /** Signs in and returns headers carrying the cookie, the CSRF token and the Origin. */
  session(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface FixtureOptions {
  env?: Record<string, string>;
  /** Upstream address; defaults to a closed port so an accidental upstream call fails loudly. */
  upstreamBaseUrl?: string;
  ingestKey?: string;
  adminDistDir?: string | null;
  heartbeatMs?: number;
}

/**
 * The admin and webhook routers on a real Express app, listening on 127.0.0.1:0, over the relay's own
 * deps (`buildDeps`: an in-memory PGlite migrated with every relay migration). Only what these routers need, so their tests do not
 * depend on the rest of the relay.
 */
export async function startAdminFixture(options: FixtureOptions = {}): Promise<AdminFixture> {
  const upstreamBaseUrl = options.upstreamBaseUrl ?? 'http://127.0.0.1:9/v1';
  const ingestKey = options.ingestKey ?? TEST_KEY;
  // Its own data dir: a generated admin password is written there, never into the checkout.
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
  const config = loadConfig(
    {
      EMBEDDED_DATA_DIR: dataDir,
      UPSTREAM_BASE_URL: upstreamBaseUrl,
      UPSTREAM_CHAT_KEY: TEST_KEY,
      UPSTREAM_INGEST_KEY: ingestKey,
      SESSION_SECRET: 's'.repeat(40),
      DATABASE_URL: 'memory:',
      ADMIN_PASSWORD,
      WEBHOOK_SECRET,
      // An upstream failure should reach the test at once, not after retries.
      UPSTREAM_MAX_RETRIES: '0',
      ...options.env,
    },
    { readFile: () => undefined, writeFile: () => {} },
  );
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const deps = await buildDeps(config, { logger: pino({ level: 'silent' }), now: () => clock.now });
  await ensureAdminUser(deps);
  const app = express();
  // As app.ts does, so tests can stand behind a trusted proxy with TRUST_PROXY.
  app.set('trust proxy', config.trustProxy === 0 ? false : config.trustProxy);
  app.use('/webhooks/chatbot', createWebhookRouter(deps));
  app.use(
    '/admin',
    createAdminRouter(deps, {
      adminDistDir: options.adminDistDir === undefined ? null : options.adminDistDir,
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const login = (password = ADMIN_PASSWORD, headers: Record<string, string> = {}) =>
    fetch(`${origin}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify({ username: config.admin.user, password }),
    });
  return {
    baseUrl: `${origin}/admin/api`,
    origin,
    deps,
    clock,
    login,
    async session() {
      const res = await login();
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      const body = (await res.json()) as { csrf_token: string };
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
      return { cookie, 'x-csrf-token': body.csrf_token, origin };
    },
    async close() {
      await shutdown(server, deps, 0);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
