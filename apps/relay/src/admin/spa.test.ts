import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminFixture, startAdminFixture } from './testing/fixture.js';

let built: AdminFixture;
let missing: AdminFixture;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/admin/assets/app.js"></script><style>body{}</style></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  // What the admin build writes next to each asset (apps/admin/vite.config.ts).
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync('console.log(1)'));
  [built, missing] = await Promise.all([
    startAdminFixture({ adminDistDir: dist }),
    startAdminFixture({ adminDistDir: join(dist, 'nope') }),
  ]);
});
afterAll(async () => {
  await Promise.all([built.close(), missing.close()]);
});

describe('admin SPA serving', () => {
  it('serves index.html for app routes with a nonce-based CSP that forbids framing', async () => {
    for (const path of ['/admin', '/admin/', '/admin/documents/123']) {
      const res = await fetch(`${built.origin}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const html = await res.text();
      expect(html).toContain(`<script nonce="${nonce}" type="module"`);
      expect(html).toContain(`<style nonce="${nonce}">`);
    }
  });

  it('uses a fresh nonce per response', async () => {
    const a = (await fetch(`${built.origin}/admin/`)).headers.get('content-security-policy');
    const b = (await fetch(`${built.origin}/admin/`)).headers.get('content-security-policy');
    expect(a).not.toBe(b);
  });

  it('serves built assets, and 404s a missing asset instead of the app shell', async () => {
    const asset = await fetch(`${built.origin}/admin/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect((await fetch(`${built.origin}/admin/assets/missing.js`)).status).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, brotli first, with Vary and a year of cache', async () => {
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${built.origin}/admin/assets/app.js`, {
        headers: { 'accept-encoding': accept },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe('console.log(1)'); // fetch decodes it
    }
  });

  it('answers 503 with a clear page when the admin app is not built', async () => {
    const res = await fetch(`${missing.origin}/admin/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('admin app is not built');
  });

  it('never sends CORS headers on the admin API', async () => {
    const res = await fetch(`${built.baseUrl}/session`, { headers: { origin: 'https://court.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
