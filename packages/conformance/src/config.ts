/**
 * Everything the suite reads from the environment, read once. With no `CHATBOT_API_BASE_URL` the suite
 * starts a fresh local chatbot-api and builds every fixture it needs itself; with it, the suite talks to
 * that service only, and rules that need provider-side setup read pre-made keys from the variables below
 * (and are skipped, naming the variable, when they are absent).
 */
export interface RemoteConfig {
  baseUrl: string;
  chatKey: string;
  ingestKey: string;
  bothKey: string | null;
  /** A key of the same account as chatKey that was revoked (more than a minute ago). */
  revokedKey: string | null;
  expiredKey: string | null;
  /** A key of a suspended account. */
  suspendedKey: string | null;
  /** Keys of an account with a low requests-per-minute limit, used by no one else. */
  lowRpm: { chatKey: string; ingestKey: string; rpm: number } | null;
  /** Keys of an account whose daily token quota is used up. */
  exhaustedQuota: { chatKey: string; ingestKey: string } | null;
  /** Chat key of an account with several enabled bots and no default. */
  multiBotKey: string | null;
  /** Chat key of an account with no bot configured. */
  noBotKey: string | null;
  /** Slug of an enabled bot of the chat key's account with citations off. */
  nonCitingModel: string | null;
  /** An alias of the default bot, for the chat key's account. */
  modelAlias: string | null;
  /** Chat key of an account whose default bot has a tool allowlist, and one allowed tool name. */
  toolAllowlist: { key: string; allowedTool: string } | null;
  /** Chat and ingest keys of a second account (foreign ids must look unknown). */
  otherAccount: { chatKey: string; ingestKey: string } | null;
  /** Whether the default bot has a knowledge base and cites (citations then must be arrays). */
  botCites: boolean | null;
  /** A public site to crawl for the crawl-job tests. */
  crawlSeedUrl: string | null;
  /** Port on which the suite listens for webhooks the provider sends for the ingest key's account. */
  webhook: { port: number; secret: string | null } | null;
}

export interface ConformanceConfig {
  /** null: start a local chatbot-api per test file. */
  remote: RemoteConfig | null;
  /** The key prefix (`svc_sk_` in the contract, the provider's word in production). */
  keyPrefix: string;
  /** The word in the webhook header names (`SVC` in the contract: `X-SVC-Event`). */
  headerWord: string;
  fuzzRuns: number;
}

function opt(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

function req(env: NodeJS.ProcessEnv, name: string): string {
  const v = opt(env, name);
  if (v === null) throw new Error(`${name} is required when CHATBOT_API_BASE_URL is set`);
  return v;
}

function pair<T>(a: string | null, b: string | null, make: (a: string, b: string) => T): T | null {
  return a !== null && b !== null ? make(a, b) : null;
}

export function loadConfig(env: NodeJS.ProcessEnv): ConformanceConfig {
  const baseUrl = opt(env, 'CHATBOT_API_BASE_URL');
  const common = {
    keyPrefix: opt(env, 'CHATBOT_API_KEY_PREFIX') ?? 'svc_sk_',
    headerWord: opt(env, 'CHATBOT_API_HEADER_WORD') ?? 'SVC',
    fuzzRuns: Number(opt(env, 'CHATBOT_API_FUZZ_RUNS') ?? '40'),
  };
  if (baseUrl === null) return { remote: null, ...common };
  const lowRpmChat = opt(env, 'CHATBOT_API_LOW_RPM_CHAT_KEY');
  const lowRpmIngest = opt(env, 'CHATBOT_API_LOW_RPM_INGEST_KEY');
  const lowRpmValue = opt(env, 'CHATBOT_API_LOW_RPM_LIMIT');
  const cites = opt(env, 'CHATBOT_API_BOT_CITES');
  const webhookPort = opt(env, 'CHATBOT_API_WEBHOOK_PORT');
  return {
    ...common,
    remote: {
      baseUrl: baseUrl.replace(/\/+$/, ''),
      chatKey: req(env, 'CHATBOT_API_CHAT_KEY'),
      ingestKey: req(env, 'CHATBOT_API_INGEST_KEY'),
      bothKey: opt(env, 'CHATBOT_API_BOTH_KEY'),
      revokedKey: opt(env, 'CHATBOT_API_REVOKED_KEY'),
      expiredKey: opt(env, 'CHATBOT_API_EXPIRED_KEY'),
      suspendedKey: opt(env, 'CHATBOT_API_SUSPENDED_KEY'),
      lowRpm:
        lowRpmChat !== null && lowRpmIngest !== null && lowRpmValue !== null
          ? { chatKey: lowRpmChat, ingestKey: lowRpmIngest, rpm: Number(lowRpmValue) }
          : null,
      exhaustedQuota: pair(
        opt(env, 'CHATBOT_API_QUOTA_EXHAUSTED_CHAT_KEY'),
        opt(env, 'CHATBOT_API_QUOTA_EXHAUSTED_INGEST_KEY'),
        (chatKey, ingestKey) => ({ chatKey, ingestKey }),
      ),
      multiBotKey: opt(env, 'CHATBOT_API_MULTI_BOT_KEY'),
      noBotKey: opt(env, 'CHATBOT_API_NO_BOT_KEY'),
      modelAlias: opt(env, 'CHATBOT_API_MODEL_ALIAS'),
      nonCitingModel: opt(env, 'CHATBOT_API_NON_CITING_MODEL'),
      toolAllowlist: pair(
        opt(env, 'CHATBOT_API_TOOL_ALLOWLIST_KEY'),
        opt(env, 'CHATBOT_API_ALLOWED_TOOL'),
        (key, allowedTool) => ({ key, allowedTool }),
      ),
      otherAccount: pair(
        opt(env, 'CHATBOT_API_OTHER_CHAT_KEY'),
        opt(env, 'CHATBOT_API_OTHER_INGEST_KEY'),
        (chatKey, ingestKey) => ({ chatKey, ingestKey }),
      ),
      botCites: cites === null ? null : cites === 'true',
      crawlSeedUrl: opt(env, 'CHATBOT_API_CRAWL_SEED_URL'),
      webhook:
        webhookPort === null
          ? null
          : { port: Number(webhookPort), secret: opt(env, 'CHATBOT_API_WEBHOOK_SECRET') },
    },
  };
}
