import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../test/fixtures/json.js';
import { ADA_SITE_DIR } from '../../test/fixtures/paths.js';
import { type StaticSite, serveStaticSite } from '../../test/fixtures/static-site.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { HostAllowlist } from './address-policy.js';
import { publicOnlyLookup, safeGet } from './safe-fetch.js';

let site: StaticSite;
let api: TestChatbotApi;
let siteHost: string;
beforeAll(async () => {
  site = await serveStaticSite(ADA_SITE_DIR, {
    routes: {
      '/loop': (_req, res) => {
        res.writeHead(302, { location: '/loop' }).end();
      },
      '/to-metadata': (_req, res) => {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      },
      '/to-ipv6-loopback': (_req, res, origin) => {
        res.writeHead(301, { location: `http://[::1]:${new URL(origin).port}/` }).end();
      },
      '/to-decimal': (_req, res, origin) => {
        res.writeHead(307, { location: `http://2130706434:${new URL(origin).port}/` }).end();
      },
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(Buffer.alloc(300_000, 0x61));
      },
      '/hops': (_req, res) => {
        res.writeHead(302, { location: '/' }).end();
      },
    },
  });
  siteHost = new URL(site.origin).host;
  api = await startTestChatbotApi({ crawlAllowHosts: [siteHost] });
});
afterAll(async () => {
  await api.close();
  await site.close();
});

const opts = () => ({
  allowlist: new HostAllowlist([siteHost]),
  maxBytes: 100_000,
  timeoutMs: 5_000,
  userAgent: 'test',
});

describe('safeGet', () => {
  it('follows redirects within the cap and stops loops', async () => {
    const ok = await safeGet(new URL(`${site.origin}/hops`), { ...opts(), maxBytes: 1_000_000 });
    expect(ok.status).toBe(200);
    expect(ok.url.pathname).toBe('/');
    await expect(safeGet(new URL(`${site.origin}/loop`), opts())).rejects.toThrow('too many redirects');
  });

  it.each(['/to-metadata', '/to-ipv6-loopback', '/to-decimal'])(
    're-checks the address on the redirect hop %s (127.0.0.2 in decimal for /to-decimal)',
    async (path) => {
      await expect(safeGet(new URL(`${site.origin}${path}`), opts())).rejects.toThrow(
        'blocked: the address is not public',
      );
    },
  );

  it('caps the response size', async () => {
    await expect(safeGet(new URL(`${site.origin}/big`), opts())).rejects.toThrow('response too large');
  });

  it.each([
    'http://127.0.0.1:1/',
    'http://localhost/',
    'http://[::ffff:127.0.0.1]/',
    'http://0x7f000001/',
    'http://10.0.0.1/',
    'http://[fd00::1]/',
  ])('refuses %s without connecting', async (u) => {
    await expect(safeGet(new URL(u), { ...opts(), allowlist: new HostAllowlist([]) })).rejects.toThrow(
      'blocked: the address is not public',
    );
  });

  it('resolves names itself and refuses one that resolves to a non-public address', async () => {
    // `localhost` is caught by name before any lookup; the lookup used for the connection must
    // refuse it too (it stands for any name whose DNS answer is private, e.g. after rebinding).
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(err?.code).toBe('EBLOCKED');
    const all = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(all?.code).toBe('EBLOCKED');
  });
});

describe('POST /v1/ingest/crawl validation', () => {
  async function post(body: unknown) {
    const res = await fetch(`${api.url}/ingest/crawl`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  const seed = () => `${site.origin}/`;

  it.each([
    [{ seed_urls: ['https://example.gov/'] }, 'namespace'],
    [{ namespace: 'Bad', seed_urls: ['https://example.gov/'] }, 'namespace'],
    [{ namespace: 'ok' }, 'seed_urls'],
    [{ namespace: 'ok', seed_urls: [] }, 'seed_urls'],
    [{ namespace: 'ok', seed_urls: 'https://example.gov/' }, 'seed_urls'],
    [
      { namespace: 'ok', seed_urls: Array.from({ length: 101 }, (_, i) => `https://example.gov/${i}`) },
      'seed_urls',
    ],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/', 'ftp://example.gov/'] }, 'seed_urls[1]'],
    [{ namespace: 'ok', seed_urls: ['not a url'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: [42] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://127.0.0.1/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://2130706433/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://0x7f000001/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://0177.0.0.1/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://127.1/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://[::1]/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://[::ffff:127.0.0.1]/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://169.254.169.254/latest/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://localhost:8080/'] }, 'seed_urls[0]'],
    [{ namespace: 'ok', seed_urls: ['http://user:pw@example.gov/'] }, 'seed_urls[0]'],
    [
      { namespace: 'ok', seed_urls: ['https://example.gov/'], allowed_domains: ['other.gov'] },
      'seed_urls[0]',
    ],
    [
      { namespace: 'ok', seed_urls: ['https://example.gov/'], allowed_domains: 'example.gov' },
      'allowed_domains',
    ],
    [
      { namespace: 'ok', seed_urls: ['https://example.gov/'], allowed_domains: ['https://example.gov/'] },
      'allowed_domains[0]',
    ],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], max_pages: 0 }, 'max_pages'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], max_pages: 501 }, 'max_pages'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], max_pages: '10' }, 'max_pages'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], max_pages: 2.5 }, 'max_pages'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], max_depth: 11 }, 'max_depth'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], max_depth: 0 }, 'max_depth'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], rate_limit_rps: 0.05 }, 'rate_limit_rps'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], rate_limit_rps: 11 }, 'rate_limit_rps'],
    [{ namespace: 'ok', seed_urls: ['https://example.gov/'], rate_limit_rps: '2' }, 'rate_limit_rps'],
    [
      { namespace: 'ok', seed_urls: ['https://example.gov/'], respect_robots_txt: 'true' },
      'respect_robots_txt',
    ],
  ])('rejects %j with param %s', async (body, param) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('accepts an allowlisted loopback host and nothing else on loopback', async () => {
    const ok = await post({ namespace: 'ok', seed_urls: [seed()], max_pages: 1 });
    expect(ok.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const job = await fetch(`${api.url}/ingest/crawl/${ok.body.crawl_job_id}`, {
        headers: { authorization: `Bearer ${api.ingestKey}` },
      });
      if (((await job.json()) as { status: string }).status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const otherPort = await post({ namespace: 'ok', seed_urls: ['http://127.0.0.1:1/'] });
    expect(otherPort.status).toBe(400);
  });

  it('answers 404 for unknown crawl jobs and for ingest job ids', async () => {
    const res = await fetch(`${api.url}/ingest/crawl/00000000-0000-4000-8000-000000000000`, {
      headers: { authorization: `Bearer ${api.ingestKey}` },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
