import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetRoutes } from './widget-routes.js';

let root: string;
let url: string;
let close: () => void;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'widget-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '1.2.3' }));
  writeFileSync(join(root, 'dist', 'widget.js'), 'console.log("loader")');
  writeFileSync(join(root, 'dist', 'panel.js'), 'console.log("panel")');
  const app = express().use(
    widgetRoutes({ distDir: join(root, 'dist'), publicUrl: 'https://relay.example', courtDates: true }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  rmSync(root, { recursive: true, force: true });
});

describe('widget routes', () => {
  it('serves /widget.js as cross-origin JavaScript with a short cache and an ETag', async () => {
    const res = await fetch(`${url}/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toContain('max-age=300');
    const etag = res.headers.get('etag') ?? '';
    expect((await fetch(`${url}/widget.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('publishes a manifest whose versioned URL is immutable and matches its SRI hash', async () => {
    const manifest = (await (await fetch(`${url}/widget.json`)).json()) as {
      version: string;
      url: string;
      integrity: string;
      files: Record<string, { url: string; integrity: string }>;
      courtDates: boolean;
    };
    expect(manifest.courtDates).toBe(true);
    expect(manifest.version).toMatch(/^1\.2\.3-[0-9a-f]{10}$/);
    expect(manifest.url).toBe(`https://relay.example/widget/v${manifest.version}/widget.js`);
    const versioned = await fetch(manifest.url.replace('https://relay.example', url));
    expect(versioned.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await versioned.arrayBuffer());
    const { createHash } = await import('node:crypto');
    expect(manifest.integrity).toBe(`sha384-${createHash('sha384').update(body).digest('base64')}`);
    expect(manifest.files['panel.js']?.url).toContain(`/widget/v${manifest.version}/panel.js`);
    expect((await fetch(`${url}/widget/v0.0.0-stale/widget.js`)).status).toBe(404);
  });

  it('says in the manifest that court dates are off unless the relay has them', async () => {
    const app = express().use(widgetRoutes({ distDir: join(root, 'dist'), publicUrl: undefined }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/widget.json`);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(((await res.json()) as { courtDates: boolean }).courtDates).toBe(false);
    } finally {
      server.close();
    }
  });

  it('serves the lazily loaded panel next to either widget URL', async () => {
    expect((await fetch(`${url}/panel.js`)).status).toBe(200);
    expect((await fetch(`${url}/secret.txt`)).status).toBe(404);
  });
});
