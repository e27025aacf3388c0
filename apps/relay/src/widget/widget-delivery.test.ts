import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { WidgetManifest } from '@amicus/protocol';
// @ts-expect-error -- plain ESM script without types; it builds the widget when dist/ is stale.
import { dist, ensureBuild } from '@amicus/widget/scripts/ensure-build.mjs';
// @ts-expect-error -- plain ESM script without types; the budgets the widget's build enforces.
import { LOADER_BUDGET, TOTAL_BUDGET } from '@amicus/widget/scripts/report-size.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../testing.js';

// The widget's byte budgets, measured on what the real relay sends for the real production build:
// the bytes on the wire (node:http, which does not decode), not the files on disk.

interface Wire {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Wire> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

let relay: TestRelay;
let panel: string;
const sizes: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  (ensureBuild as () => void)();
  relay = await startTestRelay({
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    chatKey: `svc_sk_${'a'.repeat(59)}`,
    ingestKey: `svc_sk_${'b'.repeat(59)}`,
    allowedOrigins: ['https://court.example'],
    widgetDistDir: dist as string,
  });
  const loader = readFileSync(join(dist as string, 'widget.js'), 'utf8');
  panel = /panel\.[0-9a-f]{10}\.js/.exec(loader)?.[0] ?? '';
});

afterAll(async () => {
  await relay?.close();
  // Reported, not asserted: brotli is what Chromium, Firefox and Safari ask for over HTTPS.
  console.log('widget bytes sent by the relay:', JSON.stringify(sizes));
});

describe('widget delivery (real relay, production build)', () => {
  it('names the panel for its content in the loader', () => {
    expect(panel).toMatch(/^panel\.[0-9a-f]{10}\.js$/);
  });

  for (const coding of ['gzip', 'br'] as const) {
    it(`sends the loader and the panel within budget as ${coding}, the bytes on disk once decoded`, async () => {
      const decode = coding === 'br' ? brotliDecompressSync : gunzipSync;
      const sent = { loader: 0, panel: 0 };
      for (const name of ['widget.js', panel]) {
        const res = await get(`${relay.url}/${name}`, { 'accept-encoding': `${coding}, deflate` });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(decode(res.body).equals(readFileSync(join(dist as string, name)))).toBe(true);
        sent[name === 'widget.js' ? 'loader' : 'panel'] = res.body.length;
      }
      sizes[coding] = sent;
      expect(sent.loader).toBeLessThanOrEqual(LOADER_BUDGET as number);
      expect(sent.loader + sent.panel).toBeLessThanOrEqual(TOTAL_BUDGET as number);
    });
  }

  it('sends the plain bytes to a client that accepts no compression', async () => {
    const res = await get(`${relay.url}/widget.js`, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.equals(readFileSync(join(dist as string, 'widget.js')))).toBe(true);
  });

  it('caches the loader briefly with an ETag per coding, and the hashed panel for a year', async () => {
    const br = await get(`${relay.url}/widget.js`, { 'accept-encoding': 'br' });
    const gz = await get(`${relay.url}/widget.js`, { 'accept-encoding': 'gzip' });
    expect(br.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get(`${relay.url}/widget.js`, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    // The brotli ETag does not validate the gzip copy.
    const other = await get(`${relay.url}/widget.js`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.status).toBe(200);
    const p = await get(`${relay.url}/${panel}`, { 'accept-encoding': 'br' });
    expect(p.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('publishes SRI hashes that match the decoded bytes of every coding', async () => {
    const manifest = JSON.parse((await get(`${relay.url}/widget.json`)).body.toString()) as WidgetManifest;
    const pinned = new URL(manifest.url, relay.url).pathname;
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (b: Buffer) => b],
    ] as const) {
      const res = await get(`${relay.url}${pinned}`, { 'accept-encoding': coding });
      expect(res.headers['cache-control']).toContain('immutable');
      const hash = `sha384-${createHash('sha384').update(decode(res.body)).digest('base64')}`;
      expect(hash).toBe(manifest.integrity);
    }
    expect(Object.keys(manifest.files)).toContain(panel);
  });
});
