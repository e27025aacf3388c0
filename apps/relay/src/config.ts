import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@amicus/contract';
import { adminPasswordProblem } from './admin/auth/password-policy.js';
import { EnvReader } from './config/env-reader.js';
import {
  type CourtDatesConfig,
  readCourtDatesConfig,
  readWarrantsConfig,
  type WarrantsConfig,
} from './court-dates/config.js';

/** A signing key for visitor tokens; `kid` lets tokens name the key so secrets can rotate. */
export interface SessionKey {
  kid: string;
  secret: string;
}

export interface RelayConfig {
  port: number;
  host: string;
  upstream: {
    /** Includes `/v1`. */
    baseUrl: string;
    chatKey: string;
    ingestKey: string;
    /** The account's requests per minute; upstream `RateLimit-Limit` lowers it when smaller. */
    requestsPerMinute: number;
    /** The account's daily token quota; 0 leaves the daily-quota guard off. */
    dailyTokenQuota: number;
    timeoutMs: number;
    maxRetries: number;
  };
  allowedOrigins: string[];
  embeddedDataDir: string;
  /** The first key signs; every key verifies (rotation: put the new one first). */
  sessionKeys: SessionKey[];
  sessionTtlSeconds: number;
  /** Number of reverse-proxy hops whose X-Forwarded-For is believed; 0 = none. */
  trustProxy: number;
  /** PostgreSQL URL; undefined = PGlite in the data dir; `memory:` = PGlite in memory (tests). */
  databaseUrl: string | undefined;
  /** PostgreSQL schema holding the relay's tables (created when missing); undefined = search_path default. */
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several relays (or test runs) can share one Redis. */
  redisPrefix: string;
  limits: {
    ipPerMinute: number;
    visitorPerMinute: number;
    sessionsPerIpPerMinute: number;
    messagesPerVisitorPerMinute: number;
    messagesPerSitePerDay: number;
    /** Share of the upstream daily token quota public chat may use (the rest stays for staff). */
    quotaShare: number;
    estimatedTokensPerAnswer: number;
    admissionQueueSize: number;
    admissionMaxWaitMs: number;
    maxMessageChars: number;
    bodyLimitBytes: number;
    maxStreamSeconds: number;
    heartbeatMs: number;
    /** Share of the upstream requests per minute one client IP (IPv6 /56) may spend. */
    ipUpstreamShare: number;
    /** Answer streams open at once per visitor and per client IP. */
    streamsPerVisitor: number;
    streamsPerIp: number;
    webhooksPerIpPerMinute: number;
  };
  /** How long a request may take to arrive (headers, then the whole body); 0 would mean forever. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  transcripts: { enabled: boolean; retentionDays: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  shutdownGraceMs: number;
  /** Where visitors and staff reach the relay (`PUBLIC_URL`), resolved once. */
  server: {
    publicUrl: string | undefined;
    /** Origin of PUBLIC_URL, when set: the relay's own origin, never taken from a Host header then. */
    publicOrigin: string | undefined;
    /** PUBLIC_URL is https: browsers reach the relay securely even where the relay itself sees plain http. */
    publicUrlIsHttps: boolean;
  };
  admin: {
    user: string;
    /** Unset = a strong one is generated at first start. */
    password: string | undefined;
    /** Upload caps, checked before a byte goes upstream (at most the contract's 20 × 25 MiB). */
    maxUploadFiles: number;
    maxUploadFileBytes: number;
  };
  webhooks: {
    /** Unset = deliveries are refused, since none could be verified. */
    secret: string | undefined;
  };
  /** Court-date look-ups and reminders (`SCHEDULING_*`); undefined = off. */
  courtDates: CourtDatesConfig | undefined;
  /** Warrant information (general only; never a look-up). */
  warrants: WarrantsConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid relay configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadConfigOptions {
  readFile?: (path: string) => string | undefined;
  writeFile?: (path: string, data: string) => void;
  cwd?: string;
}

const defaultReadFile = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

const defaultWriteFile = (path: string, data: string): void => {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, data, { mode: 0o600 });
};

export function sessionKey(secret: string): SessionKey {
  // Derived, not configured: a kid can never drift from its secret, and it reveals nothing of it.
  return { kid: createHash('sha256').update(secret).digest('hex').slice(0, 12), secret };
}

/** Reads and validates the whole relay configuration once, at start. */
export function loadConfig(
  env: Record<string, string | undefined>,
  { readFile = defaultReadFile, writeFile = defaultWriteFile, cwd = process.cwd() }: LoadConfigOptions = {},
): RelayConfig {
  const r = new EnvReader(env);
  const embeddedDataDir = resolve(cwd, r.string('EMBEDDED_DATA_DIR', '.data'));
  const upstream = readUpstream(r, embeddedDataDir, readFile);
  const databaseUrl = r.raw('DATABASE_URL');
  const redisUrl = r.raw('REDIS_URL');
  const sessionKeys = readSessionKeys(
    r,
    embeddedDataDir,
    { readFile, writeFile },
    Boolean((databaseUrl && databaseUrl !== 'memory:') || redisUrl),
  );
  const publicUrl = r.url('PUBLIC_URL', r.raw('PUBLIC_URL'));
  const config: RelayConfig = {
    port: r.int('PORT', 8787, { max: 65535 }),
    host: r.string('HOST', '127.0.0.1'),
    upstream: {
      ...upstream,
      requestsPerMinute: r.int('UPSTREAM_RPM', 60, { min: 1 }),
      dailyTokenQuota: r.int('UPSTREAM_DAILY_TOKEN_QUOTA', 0),
      timeoutMs: r.int('UPSTREAM_TIMEOUT_MS', 30_000, { min: 100 }),
      maxRetries: r.int('UPSTREAM_MAX_RETRIES', 2, { max: 5 }),
    },
    allowedOrigins: r.origins('ALLOWED_ORIGINS', 'http://localhost:8080'),
    embeddedDataDir,
    sessionKeys,
    sessionTtlSeconds: r.int('SESSION_TTL_SECONDS', 3600, { min: 60, max: 86_400 }),
    trustProxy: r.int('TRUST_PROXY', 0, { max: 10 }),
    databaseUrl,
    databaseSchema: r.raw('DATABASE_SCHEMA'),
    redisUrl,
    redisPrefix: r.string('REDIS_PREFIX', 'amicus:relay:'),
    limits: {
      ipPerMinute: r.int('LIMIT_IP_PER_MINUTE', 120, { min: 1 }),
      visitorPerMinute: r.int('LIMIT_VISITOR_PER_MINUTE', 60, { min: 1 }),
      sessionsPerIpPerMinute: r.int('LIMIT_SESSIONS_PER_IP_PER_MINUTE', 10, { min: 1 }),
      messagesPerVisitorPerMinute: r.int('LIMIT_MESSAGES_PER_VISITOR_PER_MINUTE', 10, { min: 1 }),
      messagesPerSitePerDay: r.int('LIMIT_MESSAGES_PER_SITE_PER_DAY', 5000, { min: 1 }),
      quotaShare: r.number('QUOTA_PUBLIC_SHARE', 0.8, { min: 0, max: 1 }),
      estimatedTokensPerAnswer: r.int('QUOTA_ESTIMATED_TOKENS_PER_ANSWER', 2000, { min: 1 }),
      admissionQueueSize: r.int('ADMISSION_QUEUE_SIZE', 100),
      admissionMaxWaitMs: r.int('ADMISSION_MAX_WAIT_MS', 5000),
      maxMessageChars: r.int('MAX_MESSAGE_CHARS', 4000, { min: 1, max: 100_000 }),
      bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 32_768, { min: 1024, max: 5_242_880 }),
      maxStreamSeconds: r.int('MAX_STREAM_SECONDS', 300, { min: 1 }),
      heartbeatMs: r.int('HEARTBEAT_MS', 15_000, { min: 10 }),
      ipUpstreamShare: r.number('LIMIT_IP_UPSTREAM_SHARE', 0.25, { min: 0.01, max: 1 }),
      streamsPerVisitor: r.int('LIMIT_STREAMS_PER_VISITOR', 2, { min: 1 }),
      streamsPerIp: r.int('LIMIT_STREAMS_PER_IP', 6, { min: 1 }),
      webhooksPerIpPerMinute: r.int('LIMIT_WEBHOOKS_PER_IP_PER_MINUTE', 60, { min: 1 }),
    },
    requestTimeoutMs: r.int('REQUEST_TIMEOUT_MS', 60_000, { min: 100, max: 3_600_000 }),
    headersTimeoutMs: r.int('HEADERS_TIMEOUT_MS', 20_000, { min: 100, max: 3_600_000 }),
    transcripts: {
      enabled: r.bool('TRANSCRIPTS', false),
      retentionDays: r.int('TRANSCRIPT_RETENTION_DAYS', 30, { min: 1 }),
    },
    logLevel: r.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    shutdownGraceMs: r.int('SHUTDOWN_GRACE_MS', 10_000),
    server: {
      publicUrl,
      publicOrigin: publicUrl ? new URL(publicUrl).origin : undefined,
      publicUrlIsHttps: publicUrl?.startsWith('https:') ?? false,
    },
    admin: {
      user: r.string('ADMIN_USER', 'admin'),
      password: r.raw('ADMIN_PASSWORD'),
      // The contract's caps (20 files of 25 MiB) bound these, so an operator can only lower them.
      maxUploadFiles: r.int('ADMIN_UPLOAD_MAX_FILES', MAX_FILES_PER_UPLOAD, {
        min: 1,
        max: MAX_FILES_PER_UPLOAD,
      }),
      maxUploadFileBytes: r.int('ADMIN_UPLOAD_MAX_FILE_BYTES', MAX_FILE_BYTES, {
        min: 1,
        max: MAX_FILE_BYTES,
      }),
    },
    webhooks: { secret: r.raw('WEBHOOK_SECRET') },
    courtDates: readCourtDatesConfig(
      r,
      embeddedDataDir,
      { readFile, writeFile },
      Boolean((databaseUrl && databaseUrl !== 'memory:') || redisUrl),
    ),
    warrants: readWarrantsConfig(r),
  };
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    r.problems.push(
      'HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS (the headers are part of the request).',
    );
  }
  if (r.raw('NODE_ENV') === 'production' && r.raw('PUBLIC_URL') === undefined) {
    // Without it the relay cannot tell its own pages from a forged Host + Origin pair.
    r.problems.push(
      'PUBLIC_URL must be set when NODE_ENV=production (the address visitors reach the relay at).',
    );
  }
  // A weak operator-chosen password is refused at start; unset, a strong one is generated instead.
  const weakAdminPassword = config.admin.password && adminPasswordProblem(config.admin.password);
  if (weakAdminPassword) r.problems.push(weakAdminPassword);
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

function readUpstream(r: EnvReader, dataDir: string, readFile: (path: string) => string | undefined) {
  let baseUrl = r.raw('UPSTREAM_BASE_URL');
  let chatKey = r.raw('UPSTREAM_CHAT_KEY');
  let ingestKey = r.raw('UPSTREAM_INGEST_KEY');
  if (baseUrl === undefined || chatKey === undefined || ingestKey === undefined) {
    // The embedded default: the start script wrote the local chatbot-api's address and keys here.
    const file = join(dataDir, 'upstream.json');
    const text = readFile(file);
    let embedded: Record<string, unknown> = {};
    try {
      embedded = text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      r.problems.push(`${file} is not valid JSON.`);
    }
    const pick = (key: string) => (typeof embedded[key] === 'string' ? (embedded[key] as string) : undefined);
    baseUrl ??= pick('base_url');
    chatKey ??= pick('chat_key');
    ingestKey ??= pick('ingest_key');
    if (baseUrl === undefined || chatKey === undefined || ingestKey === undefined) {
      r.problems.push(
        `UPSTREAM_BASE_URL, UPSTREAM_CHAT_KEY and UPSTREAM_INGEST_KEY must be set, or ${file} must provide base_url, chat_key and ingest_key (npm start writes it).`,
      );
    }
  }
  for (const [name, key] of [
    ['UPSTREAM_CHAT_KEY', chatKey],
    ['UPSTREAM_INGEST_KEY', ingestKey],
  ] as const) {
    // Only the shape is checked, and the value is never echoed: it is a secret.
    if (key !== undefined && !/^svc_sk_\S{59}$/.test(key)) {
      r.problems.push(`${name} is not a Chatbot API key (svc_sk_ followed by 59 characters).`);
    }
  }
  return {
    baseUrl: r.url('UPSTREAM_BASE_URL', baseUrl) ?? '',
    chatKey: chatKey ?? '',
    ingestKey: ingestKey ?? '',
  };
}

function readSessionKeys(
  r: EnvReader,
  dataDir: string,
  files: Required<Pick<LoadConfigOptions, 'readFile' | 'writeFile'>>,
  sharedDeployment: boolean,
): SessionKey[] {
  const current = r.raw('SESSION_SECRET');
  const previous = r.raw('SESSION_SECRET_PREVIOUS');
  const secrets: string[] = [];
  if (current !== undefined) {
    secrets.push(current);
  } else if (sharedDeployment) {
    // Several instances each inventing a secret would reject each other's tokens.
    r.problems.push('SESSION_SECRET must be set when DATABASE_URL or REDIS_URL is (instances share tokens).');
  } else {
    const file = join(dataDir, 'session-secret');
    let stored = files.readFile(file)?.trim();
    if (!stored) {
      stored = randomBytes(32).toString('base64url');
      files.writeFile(file, `${stored}\n`);
    }
    secrets.push(stored);
  }
  if (previous !== undefined) secrets.push(previous);
  for (const secret of secrets) {
    if (secret.length < 32)
      r.problems.push('SESSION_SECRET and SESSION_SECRET_PREVIOUS need at least 32 characters.');
  }
  return secrets.map(sessionKey);
}
