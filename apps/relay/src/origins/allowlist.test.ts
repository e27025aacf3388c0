import { describe, expect, it } from 'vitest';
import { startAdminFixture } from '../admin/testing/fixture.js';
import { effectiveAllowedOrigins } from './allowlist.js';

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
