import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { TEST_KEY } from '../testing/fixture.js';
import { adminPasswordProblem } from './password-policy.js';

const baseEnv = {
  UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1',
  UPSTREAM_CHAT_KEY: TEST_KEY,
  UPSTREAM_INGEST_KEY: TEST_KEY,
  SESSION_SECRET: 's'.repeat(40),
};
const noFiles = { readFile: () => undefined, writeFile: () => {} };

describe('adminPasswordProblem', () => {
  it.each(['correct horse battery staple', 'test-admin-password', 'Tr0ub4dor&3xx'])(
    'accepts %s',
    (password) => {
      expect(adminPasswordProblem(password)).toBeNull();
    },
  );

  it.each([
    ['short', 'admin'],
    ['eleven char', 'hunter2hunt'],
    ['repeated', 'aaaaaaaaaaaaaaaa'],
    ['a short pattern', 'abcabcabcabc'],
    ['only digits', '123456789012'],
    ['a control character', 'correct\u0000horse battery'],
  ])('refuses %s', (_, password) => {
    expect(adminPasswordProblem(password)).toMatch(/^ADMIN_PASSWORD /);
  });
});

describe('loadConfig with a weak ADMIN_PASSWORD', () => {
  it('refuses to start with a config error naming the variable, without echoing the value', () => {
    let error: unknown;
    try {
      loadConfig({ ...baseEnv, ADMIN_PASSWORD: 'admin123' }, noFiles);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('ADMIN_PASSWORD');
    expect((error as ConfigError).message).not.toContain('admin123');
  });

  it('starts without ADMIN_PASSWORD (one is generated) or with a strong one', () => {
    expect(loadConfig(baseEnv, noFiles).admin.password).toBeUndefined();
    expect(
      loadConfig({ ...baseEnv, ADMIN_PASSWORD: 'correct horse battery staple' }, noFiles).admin.password,
    ).toBe('correct horse battery staple');
  });
});
