import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, readEvents, widgetApi } from './helpers.js';
import { startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
let upstream: Awaited<ReturnType<typeof startStandIn>>;
let relay: TestRelay;
let widgetRoot: string;

beforeAll(async () => {
  upstream = await startStandIn();
  widgetRoot = mkdtempSync(join(tmpdir(), 'amicus-widget-'));
  mkdirSync(join(widgetRoot, 'dist'));
  writeFileSync(join(widgetRoot, 'package.json'), JSON.stringify({ version: '1.0.0' }));
  writeFileSync(join(widgetRoot, 'dist', 'widget.js'), 'void 0');
  relay = await startTestRelay({
    upstreamBaseUrl: upstream.url,
    chatKey: KEY,
    ingestKey: KEY,
    allowedOrigins: [ORIGIN],
    widgetDistDir: join(widgetRoot, 'dist'),
    env: { MAX_MESSAGE_CHARS: '10' },
  });
});
afterAll(async () => {
  await relay?.close();
  await upstream?.close();
  rmSync(widgetRoot, { recursive: true, force: true });
});

describe('message length, counted as the contract counts it', () => {
  it('accepts a question of MAX_MESSAGE_CHARS characters outside the BMP (code points, not UTF-16 units)', async () => {
    upstream.state.mode = 'ok';
    const api = widgetApi(relay.url);
    const token = await api.session();
    const id = await api.conversation(token);
    const events = await readEvents(await api.ask(token, id, '📜'.repeat(10)));
    expect(events.at(-1)?.event).toBe('done');
    const tooLong = await api.ask(token, id, '📜'.repeat(11));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: 'bad_request', param: 'content' } });
  });
});

describe('/widget.json', () => {
  it('is readable by court pages on other origins (Cross-Origin-Resource-Policy: cross-origin)', async () => {
    const res = await fetch(`${relay.url}/widget.json`, { headers: { origin: 'https://court.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
