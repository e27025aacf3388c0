import { resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (database, generated credentials). */
  dataDir: string;
  /** Fixed API client credentials; null = generated into the data directory on first start. */
  credentials: { clientId: string; clientSecret: string } | null;
  /** Access-token lifetime (`expires_in` of the token response). */
  tokenTtlSeconds: number;
  /** Seed the demo court's hearings on start (idempotent). */
  seedDemo: boolean;
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

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}".`);
  }
  return Number(raw);
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

/** Reads and validates the environment once, at the edge; every problem is reported at once. */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(err.message);
      return fallback;
    }
  };
  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const clientId = nonEmpty(env, 'SCHEDULING_CLIENT_ID');
  const clientSecret = nonEmpty(env, 'SCHEDULING_CLIENT_SECRET');
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    // Never echo the secret, only which variable is missing.
    problems.push('SCHEDULING_CLIENT_ID and SCHEDULING_CLIENT_SECRET must be set together.');
  }
  if (clientSecret !== undefined && clientSecret.length < 16) {
    problems.push('SCHEDULING_CLIENT_SECRET must be at least 16 characters.');
  }
  const config: Config = {
    port: attempt(() => integer('PORT', nonEmpty(env, 'PORT'), 8789, 0, 65535), 8789),
    host: nonEmpty(env, 'HOST') ?? '127.0.0.1',
    dataDir: resolve(nonEmpty(env, 'DATA_DIR') ?? './.data/scheduling-api'),
    credentials: clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : null,
    tokenTtlSeconds: attempt(
      () => integer('TOKEN_TTL_SECONDS', nonEmpty(env, 'TOKEN_TTL_SECONDS'), 3600, 1, 31_536_000),
      3600,
    ),
    seedDemo: attempt(() => flag('SEED_DEMO', nonEmpty(env, 'SEED_DEMO'), true), true),
    logLevel,
  };
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return config;
}
