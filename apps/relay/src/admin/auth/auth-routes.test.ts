import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '../audit.js';
import { type AdminFixture, startAdminFixture } from '../testing/fixture.js';

// One relay for the file (starting one per test is slow on shared CI cores); each test starts from
// a clean slate of sessions and failed logins and a fresh clock.
let f: AdminFixture;
beforeAll(async () => {
  f = await startAdminFixture();
});
beforeEach(async () => {
  await f.deps.sql.query('DELETE FROM admin_login_throttle');
  await f.deps.sql.query('DELETE FROM admin_sessions');
  f.clock.now = new Date();
});
afterAll(async () => {
  await f.close();
});

describe('admin login', () => {
  it('signs in with the right password and sets a strict session cookie', async () => {
    const res = await f.login();
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ authenticated: true, user: { username: 'admin' } });
    expect(typeof body.csrf_token).toBe('string');
    // Plain http (development): the prefix-less fallback name, scoped to /admin, without Secure.
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^amicus_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/admin');
    expect(cookie).not.toContain('Secure');
  });

  it('uses a __Host- Secure cookie when PUBLIC_URL is https', async () => {
    const g = await startAdminFixture({ env: { PUBLIC_URL: 'https://relay.example' } });
    try {
      const res = await g.login(undefined, { origin: 'https://relay.example' });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(
        /^__Host-amicus_admin=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/,
      );
      const session = await fetch(`${g.baseUrl}/session`, { headers: { cookie: cookie.split(';')[0]! } });
      expect(await session.json()).toMatchObject({ authenticated: true });
      // With PUBLIC_URL set, the request's own host is not enough.
      expect((await g.login(undefined, { origin: g.origin })).status).toBe(403);
    } finally {
      await g.close();
    }
  });

  it('returns 401 invalid_credentials for a wrong password and audits the failure', async () => {
    const res = await f.login('wrong');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_credentials');
    const audit = await listAudit(f.deps.sql, { limit: 10, action: 'auth.login' });
    expect(audit.data[0]).toMatchObject({
      actor: 'admin',
      result: 'failure',
      detail: { reason: 'invalid_credentials' },
    });
    expect(audit.data[0]?.ip).toBeTruthy();
  });

  it('makes a network wait after 5 failures with 429 and Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await f.login('wrong')).status).toBe(401);
    const locked = await f.login();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(60);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe('locked_out');
    f.clock.advance(60_000);
    expect((await f.login()).status).toBe(200);
  });

  it('refuses an IP that sprays many usernames', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${f.baseUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: f.origin },
        body: JSON.stringify({ username: `user${i}`, password: 'x' }),
      });
      expect(res.status).toBe(401);
    }
    expect((await f.login()).status).toBe(429);
  });

  it('refuses a login without our Origin (login CSRF)', async () => {
    expect((await f.login(undefined, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('rejects a missing password field with a field-named 400', async () => {
    const res = await fetch(`${f.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: f.origin },
      body: JSON.stringify({ username: 'admin' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe('password');
  });
});

describe('admin session and CSRF', () => {
  it('reports the session and its CSRF token, or unauthenticated', async () => {
    const anonymous = await fetch(`${f.baseUrl}/session`);
    expect(await anonymous.json()).toEqual({ authenticated: false });
    const headers = await f.session();
    const res = await fetch(`${f.baseUrl}/session`, { headers: { cookie: headers.cookie! } });
    expect(await res.json()).toMatchObject({ authenticated: true, csrf_token: headers['x-csrf-token'] });
  });

  it('returns 401 on API routes without a session', async () => {
    const res = await fetch(`${f.baseUrl}/jobs`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('rejects a state-changing request with a missing or wrong CSRF token', async () => {
    const headers = await f.session();
    const put = (h: Record<string, string>) =>
      fetch(`${f.baseUrl}/settings/origins`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...h },
        body: JSON.stringify({ origins: [] }),
      });
    const { 'x-csrf-token': token, ...withoutToken } = headers;
    const missing = await put(withoutToken);
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('csrf_failed');
    // Another last character: a token that already ends in "x" would stay valid.
    const wrong = `${token!.slice(0, -1)}${token!.endsWith('x') ? 'y' : 'x'}`;
    expect((await put({ ...withoutToken, 'x-csrf-token': wrong })).status).toBe(403);
    expect((await put({ ...headers, origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(headers)).status).toBe(200);
  });

  it('expires sessions after 8 hours', async () => {
    const headers = await f.session();
    f.clock.advance(8 * 60 * 60_000 + 1);
    expect((await fetch(`${f.baseUrl}/jobs`, { headers })).status).toBe(401);
  });

  it('signs out: the session stops working and the cookie is cleared', async () => {
    const headers = await f.session();
    const res = await fetch(`${f.baseUrl}/logout`, { method: 'POST', headers });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await fetch(`${f.baseUrl}/jobs`, { headers })).status).toBe(401);
    const audit = await listAudit(f.deps.sql, { limit: 10, action: 'auth.logout' });
    expect(audit.data[0]).toMatchObject({ actor: 'admin', result: 'success' });
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with 405', async () => {
    const headers = await f.session();
    expect((await fetch(`${f.baseUrl}/nope`, { headers })).status).toBe(404);
    expect((await fetch(`${f.baseUrl}/audit`, { method: 'DELETE', headers })).status).toBe(405);
  });
});
