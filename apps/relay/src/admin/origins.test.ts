import { describe, expect, it } from 'vitest';
import { effectiveAllowedOrigins, normalizeOrigin } from './origins.js';
import { startAdminFixture } from './testing/fixture.js';

describe('normalizeOrigin', () => {
  it.each([
    ['https://Court.Example', 'https://court.example'],
    ['https://court.example/', 'https://court.example'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://court.example:443', 'https://court.example'],
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
    42,
  ])('refuses %s with a field-named 400', (input) => {
    expect(() => normalizeOrigin(input, 'origins[3]')).toThrow(
      expect.objectContaining({ status: 400, param: 'origins[3]' }),
    );
  });
});

describe('effectiveAllowedOrigins', () => {
  it('is the configured origins, the relay’s own PUBLIC_URL origin and the stored ones', async () => {
    const f = await startAdminFixture({
      env: { ALLOWED_ORIGINS: 'https://court.example', PUBLIC_URL: 'https://relay.court.example/base' },
    });
    try {
      await f.deps.sql.query(
        "INSERT INTO admin_allowed_origins (origin, added_at, added_by) VALUES ('https://www.court.example', now(), 'admin')",
      );
      expect(await effectiveAllowedOrigins(f.deps)).toEqual([
        'https://court.example',
        'https://relay.court.example',
        'https://www.court.example',
      ]);
    } finally {
      await f.close();
    }
  });
});
