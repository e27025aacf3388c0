import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const KEY = `svc_sk_${'a'.repeat(59)}`;
const base = {
  UPSTREAM_BASE_URL: 'http://127.0.0.1:8788/v1',
  UPSTREAM_CHAT_KEY: KEY,
  UPSTREAM_INGEST_KEY: KEY,
  SESSION_SECRET: 's'.repeat(40),
};
const scheduling = {
  SCHEDULING_SERVER_URL: 'http://127.0.0.1:8789/',
  SCHEDULING_CLIENT_ID: 'sched_1',
  SCHEDULING_CLIENT_SECRET: 'secret-secret-secret',
};

function files() {
  const written = new Map<string, string>();
  return {
    written,
    options: {
      readFile: (path: string) => written.get(path),
      writeFile: (path: string, data: string) => void written.set(path, data),
      cwd: '/srv',
    },
  };
}

describe('court-date configuration', () => {
  it('is off unless configured, while warrant information always has its defaults', () => {
    const config = loadConfig(base, files().options);
    expect(config.courtDates).toBeUndefined();
    expect(config.warrants).toEqual({
      publicUrl: null,
      safeSurrender: null,
      publicDefender: { url: null, phone: null },
    });
  });

  it('applies the defaults and generates both keys once into the data dir', () => {
    const f = files();
    const config = loadConfig({ ...base, ...scheduling }, f.options);
    expect(config.courtDates).toMatchObject({
      serverUrl: 'http://127.0.0.1:8789',
      confidentialTypes: ['juvenile', 'family', 'sealed'],
      limits: { lookupsPerMinute: 5, lookupsPerDay: 20 },
    });
    expect(config.courtDates?.caseNumberPattern.test('EX-2026-TR-000123')).toBe(true);
    expect(config.courtDates?.caseNumberPattern.test('EX-2026-TR-000123X')).toBe(false);
    expect([...f.written.keys()].sort()).toEqual([
      '/srv/.data/scheduling-encryption-key',
      '/srv/.data/scheduling-hash-key',
    ]);
    const again = loadConfig({ ...base, ...scheduling }, f.options);
    expect(again.courtDates?.encryptionKey.equals(config.courtDates?.encryptionKey ?? Buffer.alloc(0))).toBe(
      true,
    );
  });

  it('reports every problem at once without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          ...base,
          SCHEDULING_SERVER_URL: 'ftp://x',
          SCHEDULING_CLIENT_ID: 'id',
          SCHEDULING_CLIENT_SECRET: 'top-secret-value',
          SCHEDULING_CASE_NUMBER_PATTERN: '([',
          SCHEDULING_ENCRYPTION_KEY: 'too-short-key-value',
          WARRANTS_PUBLIC_URL: 'not a url',
        },
        files().options,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('SCHEDULING_SERVER_URL');
    expect(message).toContain('SCHEDULING_CASE_NUMBER_PATTERN');
    expect(message).toContain('SCHEDULING_ENCRYPTION_KEY must be 32 bytes');
    expect(message).toContain('WARRANTS_PUBLIC_URL');
    expect(message).not.toContain('too-short-key-value');
    expect(message).not.toContain('top-secret-value');
  });

  it('needs the three connection variables together, and fixed keys with a shared database', () => {
    expect(() => loadConfig({ ...base, SCHEDULING_SERVER_URL: 'http://x' }, files().options)).toThrow(
      /go together/,
    );
    expect(() =>
      loadConfig({ ...base, ...scheduling, DATABASE_URL: 'postgres://db/amicus' }, files().options),
    ).toThrow(/SCHEDULING_HASH_KEY must be set/);
  });
});
