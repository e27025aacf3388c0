import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const KEY_A = `svc_sk_${'a'.repeat(59)}`;
const KEY_B = `svc_sk_${'b'.repeat(59)}`;
const SECRET = 's'.repeat(40);
const base = {
  UPSTREAM_BASE_URL: 'http://127.0.0.1:8788/v1/',
  UPSTREAM_CHAT_KEY: KEY_A,
  UPSTREAM_INGEST_KEY: KEY_B,
  SESSION_SECRET: SECRET,
};
const noFiles = { readFile: () => undefined, writeFile: () => undefined, cwd: '/srv' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base, noFiles);
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      allowedOrigins: ['http://localhost:8080'],
      embeddedDataDir: '/srv/.data',
      trustProxy: 0,
      databaseUrl: undefined,
      redisUrl: undefined,
      transcripts: { enabled: false, retentionDays: 30 },
      logLevel: 'info',
      admin: { user: 'admin', password: undefined, maxUploadFiles: 20, maxUploadFileBytes: 26_214_400 },
      server: { publicUrl: undefined, publicOrigin: undefined, publicUrlIsHttps: false },
      webhooks: { secret: undefined },
      sessionTtlSeconds: 3600,
    });
    expect(config.upstream.baseUrl).toBe('http://127.0.0.1:8788/v1');
    expect(config.limits.heartbeatMs).toBe(15_000);
    expect(config.sessionKeys).toHaveLength(1);
  });

  it('fills the upstream from the embedded data dir when the env does not', () => {
    const files: Record<string, string> = {
      '/srv/.data/upstream.json': JSON.stringify({
        base_url: 'http://127.0.0.1:9999/v1',
        chat_key: KEY_A,
        ingest_key: KEY_B,
      }),
    };
    const written: Record<string, string> = {};
    const options = {
      readFile: (p: string) => files[p] ?? written[p],
      writeFile: (p: string, d: string) => {
        written[p] = d;
      },
      cwd: '/srv',
    };
    const first = loadConfig({}, options);
    expect(first.upstream).toMatchObject({
      baseUrl: 'http://127.0.0.1:9999/v1',
      chatKey: KEY_A,
      ingestKey: KEY_B,
    });
    // The generated session secret is persisted, so tokens survive a restart.
    expect(Object.keys(written)).toEqual(['/srv/.data/session-secret']);
    expect(loadConfig({}, options).sessionKeys).toEqual(first.sessionKeys);
  });

  it('lists every problem at once and never echoes a key', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          ...base,
          PORT: 'abc',
          UPSTREAM_CHAT_KEY: 'svc_sk_short',
          ALLOWED_ORIGINS: 'court.gov',
          TRUST_PROXY: 'true',
        },
        noFiles,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('UPSTREAM_CHAT_KEY');
    expect(message).toContain('ALLOWED_ORIGINS');
    expect(message).toContain('TRUST_PROXY');
    expect(message).not.toContain('svc_sk_short');
  });

  it('fails fast without an upstream', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET }, noFiles)).toThrow(/upstream\.json/);
  });

  it('requires a shared SESSION_SECRET for a scaled-out deployment', () => {
    const { SESSION_SECRET: _, ...rest } = base;
    expect(() => loadConfig({ ...rest, REDIS_URL: 'redis://127.0.0.1:6379' }, noFiles)).toThrow(
      /SESSION_SECRET/,
    );
  });

  it('keeps the previous secret for verification during rotation', () => {
    const config = loadConfig({ ...base, SESSION_SECRET_PREVIOUS: 'p'.repeat(40) }, noFiles);
    expect(config.sessionKeys.map((k) => k.kid)).toHaveLength(2);
    expect(config.sessionKeys[0]?.kid).not.toBe(config.sessionKeys[1]?.kid);
  });

  it('bounds request arrival and upstream use per address by default, and checks the bounds agree', () => {
    const config = loadConfig(base, noFiles);
    expect(config.requestTimeoutMs).toBe(60_000);
    expect(config.headersTimeoutMs).toBe(20_000);
    expect(config.limits).toMatchObject({
      ipUpstreamShare: 0.25,
      streamsPerVisitor: 2,
      streamsPerIp: 6,
      webhooksPerIpPerMinute: 60,
    });
    expect(() =>
      loadConfig({ ...base, REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' }, noFiles),
    ).toThrow(/HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, LIMIT_IP_UPSTREAM_SHARE: '0' }, noFiles)).toThrow(
      /LIMIT_IP_UPSTREAM_SHARE/,
    );
  });
});
