import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 8789 on 127.0.0.1, generated credentials, a one-hour token and the demo seed', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8789,
      host: '127.0.0.1',
      credentials: null,
      tokenTtlSeconds: 3600,
      seedDemo: true,
    });
    expect(c.dataDir).toMatch(/\.data\/scheduling-api$/);
  });

  it('reads fixed credentials when both variables are set', () => {
    const c = loadConfig({ SCHEDULING_CLIENT_ID: 'court', SCHEDULING_CLIENT_SECRET: 'a-long-enough-secret' });
    expect(c.credentials).toEqual({ clientId: 'court', clientSecret: 'a-long-enough-secret' });
  });

  it('reports every problem at once and never echoes the secret', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SCHEDULING_CLIENT_SECRET: 'short-secret', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/SCHEDULING_CLIENT_ID and SCHEDULING_CLIENT_SECRET must be set together/);
    expect(message).toMatch(/at least 16 characters/);
    expect(message).toMatch(/SEED_DEMO/);
    expect(message).not.toContain('short-secret');
  });
});
