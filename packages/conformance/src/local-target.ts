import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ConformanceConfig } from './config.js';
import { call } from './http.js';
import { startStaticSite } from './static-site.js';
import type { AccountKeys, Target } from './target.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

// A fresh `startTestChatbotApi()` per test file, set up through the operator CLI.

/** What `@amicus/chatbot-api/testing` returns (typed here: the suite depends on the harness only at runtime). */
interface Harness {
  url: string;
  serverUrl: string;
  chatKey: string;
  ingestKey: string;
  accountId: string;
  botSlug: string;
  dataDir: string;
  close(): Promise<void>;
}

interface HarnessOptions {
  crawlAllowHosts?: string[];
  generation?: { baseUrl: string; apiKey: string | null; model: string };
}

type StartHarness = (opts?: HarnessOptions) => Promise<Harness>;

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

async function loadHarness(): Promise<StartHarness> {
  // The sources first: in this workspace they are never stale, unlike a dist/ built earlier. The
  // package export is the fallback. A variable specifier keeps the type checker from requiring a build.
  const candidates = [join(repoRoot, 'apps/chatbot-api/src/testing.ts'), '@amicus/chatbot-api/testing'];
  const errors: string[] = [];
  for (const spec of candidates) {
    try {
      const mod = (await import(spec)) as { startTestChatbotApi?: StartHarness };
      if (typeof mod.startTestChatbotApi === 'function') return mod.startTestChatbotApi;
      errors.push(`${spec}: no startTestChatbotApi export`);
    } catch (e) {
      errors.push(`${spec}: ${(e as Error).message}`);
    }
  }
  throw new Error(`cannot start the local chatbot-api:\n${errors.join('\n')}`);
}

const execFileAsync = promisify(execFile);

/** Runs the operator CLI of the implementation (`--json` output) against a data directory. */
async function cli(dataDir: string, args: string[]): Promise<Record<string, unknown>> {
  const dist = join(repoRoot, 'apps/chatbot-api/dist/cli.js');
  const src = join(repoRoot, 'apps/chatbot-api/src/cli.ts');
  const argv = existsSync(src) ? ['--import', 'tsx', src] : [dist];
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      [...argv, ...args, '--data', dataDir, '--json'],
      {
        cwd: join(repoRoot, 'apps/chatbot-api'),
        env: { ...process.env, LOG_LEVEL: 'silent' },
        timeout: 30_000,
      },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch (e) {
    const err = e as Error & { stderr?: string; stdout?: string };
    throw new Error(`chatbot-api CLI ${args.join(' ')} failed: ${err.stderr || err.stdout || err.message}`);
  }
}

export async function localTarget(cfg: ConformanceConfig): Promise<Target> {
  const start = await loadHarness();
  // The crawl tests' site: allowlisted by name and port only, so loopback literals stay rejected.
  const site = await startStaticSite();
  const closers: (() => Promise<void>)[] = [site.close];
  const main = await start({ crawlAllowHosts: [site.host] });
  const extra: Harness[] = [];
  const admin = (h: Harness, args: string[]) => cli(h.dataDir, args);
  const fresh = async (opts?: HarnessOptions) => {
    const h = await start(opts);
    extra.push(h);
    return h;
  };
  const createKey = async (h: Harness, scopes: string, more: string[] = []) => {
    const out = await admin(h, ['keys', 'create', '--account', h.accountId, '--scopes', scopes, ...more]);
    return out.key as string;
  };
  const keyId = (key: string) => key.slice(0, cfg.keyPrefix.length + 16);
  const bot = (h: Harness, action: string, slug: string, more: string[] = []) =>
    admin(h, ['bots', action, '--account', h.accountId, '--bot', slug, ...more]);
  let otherAccount: Promise<AccountKeys> | null = null;
  let bothKey: Promise<string> | null = null;
  let alias: Promise<string> | null = null;
  let nonCiting: Promise<string> | null = null;
  let webhook: Promise<{ receiver: WebhookReceiver; secret: string | null }> | null = null;

  return {
    kind: 'local',
    baseUrl: main.url,
    serverUrl: main.serverUrl,
    chatKey: main.chatKey,
    ingestKey: main.ingestKey,
    keyPrefix: cfg.keyPrefix,
    headerWord: cfg.headerWord,
    botCites: true,
    fuzzRuns: cfg.fuzzRuns,
    url: (p) => main.url + p,
    botSlug: async () => main.botSlug,
    bothKey: () => {
      bothKey ??= createKey(main, 'chat,ingest');
      return bothKey;
    },
    revokedKey: async () => {
      const key = await createKey(main, 'chat');
      await admin(main, ['keys', 'revoke', keyId(key)]);
      return key;
    },
    revocableKey: async () => {
      const key = await createKey(main, 'chat');
      return {
        key,
        revoke: async () => {
          await admin(main, ['keys', 'revoke', keyId(key)]);
        },
      };
    },
    expiredKey: async () =>
      createKey(main, 'chat', ['--expires', new Date(Date.now() - 60_000).toISOString()]),
    suspendedKey: async () => {
      const h = await fresh();
      await admin(h, ['accounts', 'suspend', h.accountId]);
      return h.chatKey;
    },
    lowRpmAccount: async () => {
      const h = await fresh();
      const rpm = 5;
      await admin(h, ['accounts', 'limits', h.accountId, '--rpm', String(rpm)]);
      return { chatKey: h.chatKey, ingestKey: h.ingestKey, rpm, baseUrl: h.url };
    },
    exhaustedQuotaAccount: async () => {
      const h = await fresh();
      await admin(h, ['accounts', 'limits', h.accountId, '--daily-tokens', '1']);
      // The check runs before the request: this one crosses the quota, every later one is rejected.
      const res = await call(`${h.url}/embeddings`, 'POST', {
        key: h.chatKey,
        json: { input: 'use up the quota' },
      });
      if (res.status !== 200) throw new Error(`could not use up the quota: ${res.status} ${res.text}`);
      return { chatKey: h.chatKey, ingestKey: h.ingestKey, baseUrl: h.url };
    },
    quotaAccount: async (tokens) => {
      const h = await fresh();
      await admin(h, ['accounts', 'limits', h.accountId, '--daily-tokens', String(tokens)]);
      return { chatKey: h.chatKey, ingestKey: h.ingestKey, baseUrl: h.url };
    },
    multiBotKey: async () => {
      const h = await fresh();
      await bot(h, 'create', 'traffic-desk');
      await admin(h, ['bots', 'default', '--account', h.accountId, '--none']);
      return { key: h.chatKey, baseUrl: h.url, slugs: [h.botSlug, 'traffic-desk'] };
    },
    modelAlias: () => {
      alias ??= bot(main, 'alias', main.botSlug, ['--alias', 'helpdesk']).then(() => 'helpdesk');
      return alias;
    },
    toolAllowlist: async () => {
      const h = await fresh();
      await bot(h, 'tools', h.botSlug, ['--allow', 'lookup_case']);
      return { key: h.chatKey, baseUrl: h.url, allowedTool: 'lookup_case' };
    },
    otherAccount: () => {
      otherAccount ??= admin(main, ['init', '--force', '--name', 'Other court']).then((out) => ({
        chatKey: out.chat_key as string,
        ingestKey: out.ingest_key as string,
      }));
      return otherAccount;
    },
    nonCitingModel: () => {
      nonCiting ??= bot(main, 'create', 'no-cites', ['--no-citations']).then(() => 'no-cites');
      return nonCiting;
    },
    disposableBot: async () => {
      const slug = `temp-${Math.random().toString(36).slice(2, 8)}`;
      await bot(main, 'create', slug);
      return {
        slug,
        disable: async () => {
          await bot(main, 'disable', slug);
        },
      };
    },
    webhookReceiver: () => {
      webhook ??= (async () => {
        const receiver = await startWebhookReceiver();
        closers.push(receiver.close);
        const secret = 'whsec_conformance_0123456789abcdef';
        await admin(main, ['accounts', 'webhook', main.accountId, '--url', receiver.url, '--secret', secret]);
        return { receiver, secret };
      })();
      return webhook;
    },
    unsignedWebhook: async () => {
      const h = await fresh();
      const receiver = await startWebhookReceiver();
      closers.push(receiver.close);
      await admin(h, ['accounts', 'webhook', h.accountId, '--url', receiver.url]);
      return { receiver, baseUrl: h.url, ingestKey: h.ingestKey };
    },
    withGeneration: async (upstreamBaseUrl) => {
      const h = await fresh({
        generation: { baseUrl: upstreamBaseUrl, apiKey: 'sk-fake', model: 'fake-model' },
      });
      return {
        chatKey: h.chatKey,
        ingestKey: h.ingestKey,
        baseUrl: h.url,
        setDailyTokens: async (n) => {
          await admin(h, ['accounts', 'limits', h.accountId, '--daily-tokens', String(n)]);
        },
      };
    },
    crawlSite: async () => ({
      baseUrl: main.url,
      ingestKey: main.ingestKey,
      seedUrl: `${site.origin}/`,
      missingUrl: `${site.origin}/missing`,
      local: site,
    }),
    close: async () => {
      for (const c of closers) await c();
      for (const h of extra) await h.close();
      await main.close();
    },
  };
}
