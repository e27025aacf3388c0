import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { normalizeOrigin } from './origin-input.js';
import { TEST_KEY } from './testing/fixture.js';

describe('normalizeOrigin', () => {
  it.each([
    ['https://Court.Example', 'https://court.example'],
    ['https://court.example/', 'https://court.example'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://court.example:443', 'https://court.example'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normalizeOrigin(input, 'origins[0]')).toBe(expected);
  });

  it.each([
    'court.example',
    'ftp://court.example',
    'https://court.example/path',
    'https://u:p@court.example',
    'https://court.example?x',
    'null',
    'https://court!.example',
    'https://court.exa\u0000mple',
    42,
  ])('refuses %s with a field-named 400', (input) => {
    expect(() => normalizeOrigin(input, 'origins[3]')).toThrow(
      expect.objectContaining({ status: 400, param: 'origins[3]' }),
    );
  });
});

describe('wildcard origins', () => {
  it.each(['http://*.example.com', 'https://*', '*'])(
    'refuses %s as a stored origin, saying wildcards are not supported',
    (input) => {
      expect(() => normalizeOrigin(input, 'origins[0]')).toThrow(
        expect.objectContaining({
          status: 400,
          param: 'origins[0]',
          message: expect.stringMatching(/^Wildcards are not supported/),
        }),
      );
    },
  );

  it('refuses one in ALLOWED_ORIGINS at start, naming the variable', () => {
    const env = {
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1',
      UPSTREAM_CHAT_KEY: TEST_KEY,
      UPSTREAM_INGEST_KEY: TEST_KEY,
      SESSION_SECRET: 's'.repeat(40),
      ALLOWED_ORIGINS: 'https://court.example,http://*.example.com',
    };
    expect(() => loadConfig(env, { readFile: () => undefined, writeFile: () => {} })).toThrow(
      /ALLOWED_ORIGINS does not take wildcards.*http:\/\/\*\.example\.com/,
    );
  });
});
