import { resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** An OpenAI-compatible server that writes answers from the retrieved passages. */
export interface GenerationConfig {
  /** Base address including its version segment, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  /** Hosts the crawler may reach even though they are not public (the demo and tests use loopback). */
  crawlAllowHosts: string[];
  generation: GenerationConfig | null;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8788;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}".`);
  }
  return Number(raw);
}

function parseHttpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${url.protocol}".`);
  }
  return raw.replace(/\/+$/, '');
}

function parseGeneration(env: Env): GenerationConfig | null {
  const baseUrl = nonEmpty(env, 'GENERATION_BASE_URL');
  const apiKey = nonEmpty(env, 'GENERATION_API_KEY') ?? null;
  const model = nonEmpty(env, 'GENERATION_MODEL');
  if (baseUrl === undefined) {
    if (model !== undefined || apiKey !== null) {
      throw new ConfigError('GENERATION_MODEL and GENERATION_API_KEY need GENERATION_BASE_URL as well.');
    }
    return null;
  }
  if (model === undefined)
    throw new ConfigError('GENERATION_BASE_URL is set: GENERATION_MODEL is required too.');
  return { baseUrl: parseHttpUrl('GENERATION_BASE_URL', baseUrl), apiKey, model };
}

function parseHosts(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const hosts = raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  for (const h of hosts) {
    // host or host:port, no scheme or path: the allowlist names hosts, not URLs.
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(h)) {
      throw new ConfigError(`CRAWL_ALLOW_HOSTS entries must be host or host:port, got "${h}".`);
    }
  }
  return hosts;
}

/** Reads and validates the environment once, at the edge; throws ConfigError with a clear message. */
export function loadConfig(env: Env): Config {
  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  return {
    port: parsePort(nonEmpty(env, 'PORT')),
    host: nonEmpty(env, 'HOST') ?? '127.0.0.1',
    dataDir: resolve(nonEmpty(env, 'DATA_DIR') ?? './.data/chatbot-api'),
    crawlAllowHosts: parseHosts(nonEmpty(env, 'CRAWL_ALLOW_HOSTS')),
    generation: parseGeneration(env),
    logLevel,
  };
}
