import { loadConfig } from './config.js';
import { localTarget } from './local-target.js';
import { remoteTarget } from './remote-target.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export { Unavailable } from './unavailable.js';

/** A site to crawl; `local` is set when the suite serves it and can observe what the crawler asked for. */
export interface CrawlSite {
  baseUrl: string;
  ingestKey: string;
  seedUrl: string;
  missingUrl: string | null;
  local: { origin: string; requested: string[]; canaryHits: string[] } | null;
}

export interface AccountKeys {
  chatKey: string;
  ingestKey: string;
}

/** A service the suite talks to over HTTP only, plus the ways it can set up the state some rules need. */
export interface Target {
  readonly kind: 'local' | 'remote';
  /** Includes `/v1`. */
  readonly baseUrl: string;
  /** The server root (only `/health` lives there). */
  readonly serverUrl: string;
  readonly chatKey: string;
  readonly ingestKey: string;
  readonly keyPrefix: string;
  /** The provider's word in `X-<word>-Event` etc.; `SVC` in the contract. */
  readonly headerWord: string;
  /** Whether the default bot has a knowledge base and cites; null when unknown. */
  readonly botCites: boolean | null;
  readonly fuzzRuns: number;
  /** `baseUrl` + path. */
  url(path: string): string;
  /** The canonical slug of the account's default bot. */
  botSlug(): Promise<string>;

  bothKey(): Promise<string>;
  revokedKey(): Promise<string>;
  /** A working key and a function that revokes it (local only: revocation is a provider-side action). */
  revocableKey(): Promise<{ key: string; revoke(): Promise<void> }>;
  expiredKey(): Promise<string>;
  suspendedKey(): Promise<string>;
  /** An account used by no other test, with a low requests-per-minute limit. */
  lowRpmAccount(): Promise<AccountKeys & { rpm: number; baseUrl: string }>;
  /** An account whose daily token quota is already used up. */
  exhaustedQuotaAccount(): Promise<AccountKeys & { baseUrl: string }>;
  /** A fresh account whose daily quota is `tokens` (local only). */
  quotaAccount(tokens: number): Promise<AccountKeys & { baseUrl: string }>;
  /** Chat key of an account with several enabled bots and no default. */
  multiBotKey(): Promise<{ key: string; baseUrl: string; slugs: string[] }>;
  modelAlias(): Promise<string>;
  toolAllowlist(): Promise<{ key: string; baseUrl: string; allowedTool: string }>;
  /** Keys of a second account on the same service. */
  otherAccount(): Promise<AccountKeys>;
  /** The slug of an enabled bot of the chat key's account that does not cite. */
  nonCitingModel(): Promise<string>;
  /** A second bot of the main account and a way to disable it (local only). */
  disposableBot(): Promise<{ slug: string; disable(): Promise<void> }>;
  /** A receiver the service delivers the ingest key's account webhooks to. */
  webhookReceiver(): Promise<{ receiver: WebhookReceiver; secret: string | null }>;
  /**
   * A separate service whose bots answer with the given OpenAI-compatible model (local only): the rules
   * about upstream failures and the conversation window are observable only through such a model.
   */
  withGeneration(
    upstreamBaseUrl: string,
  ): Promise<AccountKeys & { baseUrl: string; setDailyTokens(n: number): Promise<void> }>;
  /** A service whose account has a webhook URL and no signing secret (local only). */
  unsignedWebhook(): Promise<{ receiver: WebhookReceiver; baseUrl: string; ingestKey: string }>;
  /** A site to crawl and the service that may crawl it. */
  crawlSite(): Promise<CrawlSite>;
  close(): Promise<void>;
}

let cached: ReturnType<typeof loadConfig> | null = null;

/** The target of this test file: the env-described service, or a fresh local chatbot-api. */
export async function openTarget(): Promise<Target> {
  cached ??= loadConfig(process.env);
  return cached.remote ? remoteTarget(cached, cached.remote) : localTarget(cached);
}
