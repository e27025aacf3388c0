import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills the embedded defaults from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8788,
      host: '127.0.0.1',
      dataDir: resolve('./.data/chatbot-api'),
      crawlAllowHosts: [],
      generation: null,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      CRAWL_ALLOW_HOSTS: '127.0.0.1:8080, localhost',
      GENERATION_BASE_URL: 'http://127.0.0.1:11434/v1/',
      GENERATION_MODEL: 'llama',
      LOG_LEVEL: 'silent',
    });
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/tmp/x', logLevel: 'silent' });
    expect(config.crawlAllowHosts).toEqual(['127.0.0.1:8080', 'localhost']);
    expect(config.generation).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null, model: 'llama' });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CRAWL_ALLOW_HOSTS: 'http://x/' }, /CRAWL_ALLOW_HOSTS/],
    [{ GENERATION_BASE_URL: 'http://x/v1' }, /GENERATION_MODEL/],
    [{ GENERATION_BASE_URL: 'ftp://x', GENERATION_MODEL: 'm' }, /GENERATION_BASE_URL/],
    [{ GENERATION_MODEL: 'm' }, /GENERATION_BASE_URL/],
  ])('fails fast on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
