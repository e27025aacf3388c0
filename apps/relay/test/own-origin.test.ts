import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, rawRequest } from './helpers.js';
import { startStandIn } from './stand-in-upstream.js';

const KEY = `svc_sk_${'k'.repeat(59)}`;
let upstream: Awaited<ReturnType<typeof startStandIn>>;
let relay: TestRelay;

beforeAll(async () => {
  upstream = await startStandIn();
  relay = await startTestRelay({
    upstreamBaseUrl: upstream.url,
    chatKey: KEY,
    ingestKey: KEY,
    allowedOrigins: [ORIGIN],
    env: {
      LIMIT_MESSAGES_PER_SITE_PER_DAY: '2',
      LIMIT_SESSIONS_PER_IP_PER_MINUTE: '1000',
      UPSTREAM_RPM: '1000',
    },
  });
});
afterAll(async () => {
  await relay?.close();
  await upstream?.close();
});

/** The widget API as a non-browser client sees it: Host, Origin and Sec-Fetch-Site are its choice. */
function forged(host: string, extra: Record<string, string> = {}) {
  const headers = (token?: string) => ({
    host,
    origin: `http://${host}`,
    'content-type': 'application/json',
    ...extra,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    session: () => rawRequest(`${relay.url}/api/sessions`, { method: 'POST', headers: headers() }),
    async ask(): Promise<number> {
      const session = await this.session();
      if (session.status !== 201) return session.status;
      const { token } = JSON.parse(session.body) as { token: string };
      const created = await rawRequest(`${relay.url}/api/conversations`, {
        method: 'POST',
        headers: headers(token),
      });
      const { id } = JSON.parse(created.body) as { id: string };
      const answer = await rawRequest(`${relay.url}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: headers(token),
        body: JSON.stringify({ content: 'q' }),
      });
      return answer.status;
    },
  };
}

describe("the relay's own origin without PUBLIC_URL", () => {
  it('refuses a fake Host + matching Origin pair that is not a same-origin browser request', async () => {
    const res = await forged('fake-court.example').session();
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows a same-origin browser request (the Try-it panel) at the address it was reached at', async () => {
    const host = new URL(relay.url).host;
    const res = await forged(host, { 'sec-fetch-site': 'same-origin' }).session();
    expect(res.status).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe(`http://${host}`);
  });

  it('counts every fake Host + Origin pair under one daily cap instead of a fresh one each', async () => {
    upstream.state.mode = 'ok';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(await forged(`fake-${i}.example`, { 'sec-fetch-site': 'same-origin' }).ask());
    }
    // The cap is 2 a day for the relay's own pages, whatever Host they were reached under.
    expect(statuses).toEqual([200, 200, 429, 429]);
    const refused = await forged('fake-9.example', { 'sec-fetch-site': 'same-origin' }).ask();
    expect(refused).toBe(429);
  });
});

describe('production mode', () => {
  const env = {
    UPSTREAM_BASE_URL: 'http://127.0.0.1:1/v1',
    UPSTREAM_CHAT_KEY: KEY,
    UPSTREAM_INGEST_KEY: KEY,
    SESSION_SECRET: 's'.repeat(40),
    NODE_ENV: 'production',
  };
  const noFiles = { readFile: () => undefined, writeFile: () => undefined, cwd: '/srv' };

  it('refuses to start without PUBLIC_URL, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig(env, noFiles);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(
      /PUBLIC_URL must be set when NODE_ENV=production/,
    );
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://relay.court.example' }, noFiles).server.publicUrl).toBe(
      'https://relay.court.example',
    );
  });
});
