import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSite, type DemoSiteOptions } from './server.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let root: string;
let publicDir: string;

/** Raw request: fetch() would normalise `..` away before the server could see it. */
function raw(
  server: Server,
  path: string,
  init: { method?: string; host?: string } = {},
): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: init.host ? { host: init.host } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function start(overrides: Partial<DemoSiteOptions> = {}): Promise<Server> {
  const server = createDemoSite({ publicDir, relayUrl: 'http://relay.test:8787/', ...overrides });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'demo-site-test-'));
  publicDir = join(root, 'public');
  await mkdir(join(publicDir, 'traffic'), { recursive: true });
  await writeFile(join(root, 'secret.txt'), 'TOP SECRET');
  await writeFile(
    join(publicDir, 'index.html'),
    '<!DOCTYPE html><title>Home</title><script src="{RELAY_URL}/widget.js" async></script>',
  );
  await writeFile(join(publicDir, 'traffic', 'index.html'), '<h1>Pay a traffic ticket</h1>');
  await writeFile(join(publicDir, 'site.css'), 'body{margin:0}');
  await writeFile(join(publicDir, 'robots.txt'), 'Sitemap: {SITE_ORIGIN}/sitemap.xml\n');
  await writeFile(join(publicDir, 'sitemap.xml'), '<urlset><url><loc>{SITE_ORIGIN}/</loc></url></urlset>');
  await writeFile(join(publicDir, 'form.pdf'), '%PDF-1.4 {RELAY_URL}');
  await symlink(join(root, 'secret.txt'), join(publicDir, 'leak.txt'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createDemoSite', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => stop(server));

  it('serves folder/index.html for a directory URL and substitutes the relay URL', async () => {
    const res = await raw(server, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<script src="http://relay.test:8787/widget.js" async>');
    expect(res.body).not.toContain('{RELAY_URL}');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('redirects a directory requested without its trailing slash, keeping the query', async () => {
    const res = await raw(server, '/traffic?from=nav');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/traffic/?from=nav');
  });

  it.each([
    ['/site.css', 'text/css; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/form.pdf', 'application/pdf'],
  ])('serves %s as %s', async (path, type) => {
    const res = await raw(server, path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it('leaves binary files untouched', async () => {
    const res = await raw(server, '/form.pdf');
    expect(res.body).toBe('%PDF-1.4 {RELAY_URL}');
  });

  it('writes the origin from the Host header into robots.txt and sitemap.xml', async () => {
    expect((await raw(server, '/robots.txt', { host: 'localhost:8080' })).body).toBe(
      'Sitemap: http://localhost:8080/sitemap.xml\n',
    );
    expect((await raw(server, '/sitemap.xml', { host: 'court.test' })).body).toContain(
      '<loc>http://court.test/</loc>',
    );
  });

  it('ignores a Host header that is not a plain host name', async () => {
    const res = await raw(server, '/sitemap.xml', { host: 'evil"><x>' });
    expect(res.body).not.toContain('evil');
    expect(res.body).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/<\/loc>/);
  });

  it('answers an unknown page with the 404 page, which still embeds the widget', async () => {
    const res = await raw(server, '/forms/archive/');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Page not found');
    expect(res.body).toContain('http://relay.test:8787/widget.js');
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/traffic/..%2f..%2fsecret.txt',
    '/%2e%2e%5csecret.txt',
    '//secret.txt',
    '/index.html%00.css',
    '/%E0%A4%A',
  ])('refuses the path traversal attempt %s', async (path) => {
    const res = await raw(server, path);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('TOP SECRET');
  });

  it('does not follow a symlink out of the public directory', async () => {
    const res = await raw(server, '/leak.txt');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('TOP SECRET');
  });

  it('does not turn `//host` into an open redirect', async () => {
    const res = await raw(server, '//traffic');
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('rejects methods other than GET and HEAD', async () => {
    const res = await raw(server, '/', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('answers HEAD with headers only', async () => {
    const res = await raw(server, '/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body).toBe('');
  });

  it('sends no Content-Security-Policy unless asked to', async () => {
    expect((await raw(server, '/')).headers['content-security-policy']).toBeUndefined();
  });
});

describe('createDemoSite options', () => {
  it('sends the Content-Security-Policy with the relay URL filled in', async () => {
    const server = await start({ csp: "default-src 'self'; script-src 'self' {RELAY_URL}" });
    try {
      const res = await raw(server, '/');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'self'; script-src 'self' http://relay.test:8787",
      );
    } finally {
      await stop(server);
    }
  });

  it('reads a relay URL given as a function on every request', async () => {
    let relay = 'http://first.test';
    const server = await start({ relayUrl: () => relay });
    try {
      expect((await raw(server, '/')).body).toContain('http://first.test/widget.js');
      relay = 'http://second.test:9';
      expect((await raw(server, '/')).body).toContain('http://second.test:9/widget.js');
    } finally {
      await stop(server);
    }
  });

  it('uses a fixed site origin when given one', async () => {
    const server = await start({ siteOrigin: 'https://court.example' });
    try {
      expect((await raw(server, '/robots.txt')).body).toContain('https://court.example/sitemap.xml');
    } finally {
      await stop(server);
    }
  });
});
