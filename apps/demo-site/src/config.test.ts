import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:8080 and the local relay', () => {
    expect(loadConfig({})).toEqual({ port: 8080, host: '127.0.0.1', relayUrl: 'http://localhost:8787' });
  });

  it('reads PORT, HOST, RELAY_URL (without its trailing slash) and CSP', () => {
    expect(
      loadConfig({
        PORT: '9000',
        HOST: '0.0.0.0',
        RELAY_URL: 'https://relay.example/amicus/',
        CSP: "default-src 'self'",
      }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      relayUrl: 'https://relay.example/amicus',
      csp: "default-src 'self'",
    });
  });

  it.each([['eighty'], ['-1'], ['70000'], ['80.5']])('rejects PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it.each([['not a url'], ['javascript:alert(1)'], ['ftp://relay.example']])(
    'rejects RELAY_URL=%s',
    (url) => {
      expect(() => loadConfig({ RELAY_URL: url })).toThrow(/RELAY_URL/);
    },
  );
});
