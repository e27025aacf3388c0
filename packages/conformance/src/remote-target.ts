import type { ConformanceConfig, RemoteConfig } from './config.js';
import { call } from './http.js';
import { type Target, Unavailable } from './target.js';
import { startWebhookReceiver } from './webhook-receiver.js';

/**
 * The provider (or any deployed service) described by env variables. State the suite cannot create
 * over the public interface comes pre-made from env; without it, the test is skipped naming the variable.
 */
export function remoteTarget(cfg: ConformanceConfig, r: RemoteConfig): Target {
  const serverUrl = r.baseUrl.replace(/\/v1$/, '');
  const from = <T>(value: T | null, variable: string): Promise<T> =>
    value === null
      ? Promise.reject(new Unavailable(`needs provider-side setup: set ${variable}`))
      : Promise.resolve(value);
  const localOnly = (what: string) =>
    Promise.reject(
      new Unavailable(`${what} is a provider-side action; runs only against the local implementation`),
    );
  let slug: Promise<string> | null = null;
  const closers: (() => Promise<void>)[] = [];
  return {
    kind: 'remote',
    baseUrl: r.baseUrl,
    serverUrl,
    chatKey: r.chatKey,
    ingestKey: r.ingestKey,
    keyPrefix: cfg.keyPrefix,
    headerWord: cfg.headerWord,
    botCites: r.botCites,
    fuzzRuns: cfg.fuzzRuns,
    url: (p) => r.baseUrl + p,
    botSlug: () => {
      slug ??= resolveDefaultSlug(r.baseUrl, r.chatKey);
      return slug;
    },
    bothKey: () => from(r.bothKey, 'CHATBOT_API_BOTH_KEY'),
    revokedKey: () => from(r.revokedKey, 'CHATBOT_API_REVOKED_KEY'),
    revocableKey: () => localOnly('revoking a key'),
    expiredKey: () => from(r.expiredKey, 'CHATBOT_API_EXPIRED_KEY'),
    suspendedKey: () => from(r.suspendedKey, 'CHATBOT_API_SUSPENDED_KEY'),
    lowRpmAccount: () =>
      from(
        r.lowRpm,
        'CHATBOT_API_LOW_RPM_CHAT_KEY, CHATBOT_API_LOW_RPM_INGEST_KEY and CHATBOT_API_LOW_RPM_LIMIT',
      ).then((v) => ({ ...v, baseUrl: r.baseUrl })),
    exhaustedQuotaAccount: () =>
      from(
        r.exhaustedQuota,
        'CHATBOT_API_QUOTA_EXHAUSTED_CHAT_KEY and CHATBOT_API_QUOTA_EXHAUSTED_INGEST_KEY',
      ).then((v) => ({ ...v, baseUrl: r.baseUrl })),
    quotaAccount: () => localOnly('setting a daily quota'),
    multiBotKey: () =>
      from(r.multiBotKey, 'CHATBOT_API_MULTI_BOT_KEY').then((key) => ({
        key,
        baseUrl: r.baseUrl,
        slugs: [],
      })),
    modelAlias: () => from(r.modelAlias, 'CHATBOT_API_MODEL_ALIAS'),
    toolAllowlist: () =>
      from(r.toolAllowlist, 'CHATBOT_API_TOOL_ALLOWLIST_KEY and CHATBOT_API_ALLOWED_TOOL').then((v) => ({
        ...v,
        baseUrl: r.baseUrl,
      })),
    otherAccount: () => from(r.otherAccount, 'CHATBOT_API_OTHER_CHAT_KEY and CHATBOT_API_OTHER_INGEST_KEY'),
    disposableBot: () => localOnly('disabling a bot'),
    nonCitingModel: () => from(r.nonCitingModel, 'CHATBOT_API_NON_CITING_MODEL'),
    withGeneration: () => localOnly('pointing the service at a test language model'),
    unsignedWebhook: () => localOnly('removing the webhook signing secret'),
    webhookReceiver: async () => {
      const w = await from(r.webhook, 'CHATBOT_API_WEBHOOK_PORT (the account webhook URL must point at it)');
      const receiver = await startWebhookReceiver(w.port);
      closers.push(receiver.close);
      return { receiver, secret: w.secret };
    },
    crawlSite: async () => {
      const seedUrl = await from(r.crawlSeedUrl, 'CHATBOT_API_CRAWL_SEED_URL');
      return { baseUrl: r.baseUrl, ingestKey: r.ingestKey, seedUrl, missingUrl: null, local: null };
    },
    close: async () => {
      for (const c of closers) await c();
    },
  };
}

async function resolveDefaultSlug(baseUrl: string, key: string): Promise<string> {
  const res = await call(`${baseUrl}/models/default`, 'GET', { key });
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (res.status !== 200 || typeof id !== 'string') {
    throw new Error(`GET /models/default did not name the default bot: ${res.status} ${res.text}`);
  }
  return id;
}
