import type { WireAuditEntry } from '@amicus/protocol/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../testing.js';
import { listAudit } from './audit.js';
import { AdminTestClient } from './testing/admin-client.js';
import { TEST_KEY } from './testing/fixture.js';

// The red-team pass of issue 10, replayed over HTTP against the real relay (as `npm start` runs it,
// behind one trusted proxy hop so each test can speak from its own client address).
const PASSWORD = 'test-admin-password'; // startTestRelay's ADMIN_PASSWORD
let relay: TestRelay;

beforeAll(async () => {
  relay = await startTestRelay({
    // Nothing here may reach the upstream: every attack is refused before it would.
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    chatKey: TEST_KEY,
    ingestKey: TEST_KEY,
    allowedOrigins: ['https://court.example'],
    env: { TRUST_PROXY: '1' },
  });
});
beforeEach(async () => {
  await relay.deps.sql.query('DELETE FROM admin_login_throttle');
});
afterAll(async () => {
  await relay?.close();
});

interface ErrorBody {
  error: { code: string; message: string; param: string | null };
}

function login(body: unknown, ip: string, headers: Record<string, string> = {}) {
  return fetch(`${relay.url}/admin/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: relay.url,
      'x-forwarded-for': ip,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const as = (password: string) => ({ username: 'admin', password });

async function auditSince(id: string, action: string): Promise<WireAuditEntry[]> {
  const { data } = await listAudit(relay.deps.sql, { action, limit: 500 });
  return data.filter((entry) => BigInt(entry.id) > BigInt(id));
}

async function lastAuditId(): Promise<string> {
  const { data } = await listAudit(relay.deps.sql, { limit: 1 });
  return data[0]?.id ?? '0';
}

describe('sign-in lockout', () => {
  it('checks at most 5 of 200 concurrent wrong passwords', async () => {
    const before = await lastAuditId();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        login(as(`wrong-${i}`), '203.0.113.50').then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    const checked = (await auditSince(before, 'auth.login')).filter(
      (e) => e.detail?.reason === 'invalid_credentials',
    );
    expect(checked).toHaveLength(5);
  });

  it('locks the attacker’s IP out while staff on another network still sign in', async () => {
    for (let i = 0; i < 5; i++) expect((await login(as('guess'), '203.0.113.7')).status).toBe(401);
    const locked = await login(as(PASSWORD), '203.0.113.7');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await locked.json()) as ErrorBody).error.code).toBe('locked_out');
    expect((await login(as(PASSWORD), '198.51.100.20')).status).toBe(200);
    // The attacker stays locked out after staff signed in.
    expect((await login(as('guess'), '203.0.113.7')).status).toBe(429);
  });

  it('counts an IPv6 attacker by /56, so hopping addresses inside it does not help', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(as('guess'), `2001:db8:1:1${i}0::${i + 1}`)).status).toBe(401);
    }
    expect((await login(as('guess'), '2001:db8:1:1ff::9')).status).toBe(429);
    expect((await login(as(PASSWORD), '2001:db8:1:200::1')).status).toBe(200);
  });
});

describe('control characters in admin input', () => {
  it('answers a NUL in the sign-in username with 400 naming the field, and audits the attempt', async () => {
    const before = await lastAuditId();
    const res = await login({ username: 'a\u0000b', password: 'x' }, '203.0.113.60');
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'invalid_request',
      param: 'username',
    });
    expect(await auditSince(before, 'auth.login')).toEqual([
      expect.objectContaining({
        actor: 'a\uFFFDb',
        result: 'failure',
        ip: '203.0.113.60',
        detail: { reason: 'invalid_request', param: 'username' },
      }),
    ]);
    const password = await login({ username: 'admin', password: 'pass\u0000word' }, '203.0.113.60');
    expect(((await password.json()) as ErrorBody).error.param).toBe('password');
  });

  it('answers a NUL in any query parameter with 400 naming it', async () => {
    const admin = await new AdminTestClient(relay.url).login('admin', PASSWORD);
    const cases: [string, string][] = [
      ['/audit', 'action'],
      ['/audit', 'actor'],
      ['/audit', 'from'],
      ['/audit', 'before'],
      ['/audit', 'limit'],
      ['/documents', 'q'],
      ['/documents', 'namespace'],
      ['/documents', 'source_type'],
      ['/documents', 'status'],
      ['/documents', 'after'],
      ['/jobs', 'kind'],
      ['/jobs', 'status'],
      ['/jobs', 'limit'],
    ];
    for (const [path, param] of cases) {
      const res = await admin.fetch(`${path}?${param}=%00`);
      expect(res.status, `${path}?${param}`).toBe(400);
      expect(((await res.json()) as ErrorBody).error.param, `${path}?${param}`).toBe(param);
    }
  });

  it('answers a NUL in JSON fields and path ids with a 4xx naming the field, never a 500', async () => {
    const admin = await new AdminTestClient(relay.url).login('admin', PASSWORD);
    const cases: [string, string, unknown, string][] = [
      ['PUT', '/settings/origins', { origins: ['https://a\u0000.example'] }, 'origins[0]'],
      ['POST', '/crawls', { namespace: 'gen\u0000', seed_urls: ['https://a.example/'] }, 'namespace'],
      ['POST', '/crawls', { namespace: 'general', seed_urls: ['https://a.example/\u0000'] }, 'seed_urls[0]'],
      [
        'POST',
        '/crawls',
        { namespace: 'general', seed_urls: ['https://a.example/'], allowed_domains: ['a\u0000'] },
        'allowed_domains[0]',
      ],
      ['POST', '/documents/bulk-delete', { ids: ['\u0000'] }, 'ids[0]'],
    ];
    for (const [method, path, body, param] of cases) {
      const res = await admin.send(method, path, body);
      expect(res.status, `${method} ${path} ${param}`).toBe(400);
      expect((res.body as unknown as ErrorBody).error.param).toBe(param);
    }
    for (const path of ['/documents/%00', '/jobs/%00']) {
      expect((await admin.fetch(path)).status).toBe(404);
    }
    expect((await admin.fetch('/documents/a%00b', { method: 'DELETE' })).status).toBe(404);
  });

  it('rejects an upload with a NUL in a filename or the namespace with 400, and audits it', async () => {
    const admin = await new AdminTestClient(relay.url).login('admin', PASSWORD);
    const before = await lastAuditId();
    // An RFC 5987 filename decodes to a real NUL, which must reach the per-file check and the audit log.
    const body = [
      '--b0undary',
      'Content-Disposition: form-data; name="namespace"',
      '',
      'general',
      '--b0undary',
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''bad%00name.txt`,
      '',
      'hello',
      '--b0undary--',
      '',
    ].join('\r\n');
    const file = await admin.json<ErrorBody & { error: { files: { code: string }[] } }>('/uploads', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
      body,
    });
    expect(file.status).toBe(400);
    expect(file.body.error).toMatchObject({ code: 'invalid_files', param: 'file' });
    expect(file.body.error.files[0]?.code).toBe('bad_filename');
    expect(await auditSince(before, 'upload.create')).toEqual([
      expect.objectContaining({
        result: 'failure',
        detail: expect.objectContaining({ reason: 'invalid_files', files: ['bad\uFFFDname.txt'] }),
      }),
    ]);

    // A raw NUL inside the part's headers is a malformed body: still a 400.
    const raw = new FormData();
    raw.append('file', new Blob(['hello']), 'bad\u0000name.txt');
    expect((await admin.upload(raw)).status).toBe(400);

    const namespace = new FormData();
    namespace.append('namespace', 'gen\u0000eral');
    namespace.append('file', new Blob(['hello']), 'fine.txt');
    const res = await admin.upload<ErrorBody>(namespace);
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('namespace');
  });
});

describe('admin session cookie', () => {
  it('is __Host- prefixed and Secure when the request arrives with X-Forwarded-Proto: https through a trusted proxy', async () => {
    const host = new URL(relay.url).host;
    const res = await login(as(PASSWORD), '198.51.100.21', {
      'x-forwarded-proto': 'https',
      origin: `https://${host}`,
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-amicus_admin=[\w-]{43}; /);
    expect(cookie.split('; ')).toEqual(
      expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly', 'SameSite=Strict']),
    );
    expect(cookie).not.toMatch(/Domain=/i);

    const pair = cookie.split(';')[0]!;
    const session = (proto: string) =>
      fetch(`${relay.url}/admin/api/session`, { headers: { cookie: pair, 'x-forwarded-proto': proto } });
    expect(await (await session('https')).json()).toMatchObject({ authenticated: true });
    // A __Host- cookie is only ever read on a secure request.
    expect(await (await session('http')).json()).toEqual({ authenticated: false });
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const direct = await startTestRelay({
      upstreamBaseUrl: 'http://127.0.0.1:9/v1',
      chatKey: TEST_KEY,
      ingestKey: TEST_KEY,
      allowedOrigins: ['https://court.example'],
    });
    try {
      const res = await fetch(`${direct.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: direct.url, 'x-forwarded-proto': 'https' },
        body: JSON.stringify(as(PASSWORD)),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^amicus_admin=.*Path=\/admin/);
      expect(res.headers.get('set-cookie')).not.toContain('Secure');
    } finally {
      await direct.close();
    }
  });
});

describe('cross-site requests to the admin API', () => {
  it('audits a state-changing request from another origin, naming the signed-in staff member', async () => {
    const admin = await new AdminTestClient(relay.url).login('admin', PASSWORD);
    const before = await lastAuditId();
    const res = await admin.fetch('/settings/origins', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-forwarded-for': '203.0.113.70',
      },
      body: JSON.stringify({ origins: ['https://evil.example'] }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe('origin_mismatch');
    expect(await auditSince(before, 'request.origin_mismatch')).toEqual([
      expect.objectContaining({
        actor: 'admin',
        ip: '203.0.113.70',
        result: 'failure',
        detail: { method: 'PUT', path: '/settings/origins', origin: 'https://evil.example' },
      }),
    ]);
  });

  it('audits a state-changing request without the CSRF token', async () => {
    const admin = await new AdminTestClient(relay.url).login('admin', PASSWORD);
    const before = await lastAuditId();
    const res = await admin.fetch('/documents/bulk-delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged' },
      body: JSON.stringify({ ids: ['00000000-0000-4000-8000-000000000000'] }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe('csrf_failed');
    expect(await auditSince(before, 'request.csrf_failed')).toEqual([
      expect.objectContaining({
        actor: 'admin',
        result: 'failure',
        detail: { method: 'POST', path: '/documents/bulk-delete', origin: relay.url },
      }),
    ]);
  });

  it('audits a sign-in attempt from another origin (login CSRF)', async () => {
    const before = await lastAuditId();
    const res = await login(as(PASSWORD), '203.0.113.71', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await auditSince(before, 'request.origin_mismatch')).toEqual([
      expect.objectContaining({
        actor: null,
        ip: '203.0.113.71',
        detail: expect.objectContaining({ path: '/login' }),
      }),
    ]);
  });
});

describe('widget allowed origins', () => {
  it('refuses a wildcard origin with a message that says so', async () => {
    const admin = await new AdminTestClient(relay.url).login('admin', PASSWORD);
    const res = await admin.send<ErrorBody>('PUT', '/settings/origins', {
      origins: ['https://court.example', 'http://*.example.com'],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('origins[1]');
    expect(res.body.error.message).toMatch(/wildcards are not supported/i);
    const stored = await admin.json<{ stored: string[] }>('/settings/origins');
    expect(stored.body.stored).not.toContain('http://*.example.com');
  });
});
