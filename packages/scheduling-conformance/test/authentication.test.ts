import { describe, expect, it } from 'vitest';
import { expectStatus, need, ours, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { fetchToken, requestToken } from '../src/target.js';

const target = useTarget();

function grant(overrides: Record<string, unknown> = {}) {
  const { clientId, clientSecret } = target().credentials;
  return { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', ...overrides };
}

describe('POST {server_url}/oauth/token', () => {
  it('returns 201 with access_token and token_type Bearer for valid client credentials', async () => {
    const res = await requestToken(target().serverUrl, grant());
    expect(res.status, res.text).toBe(201);
    const body = res.body as { access_token: unknown; token_type: unknown };
    expect(typeof body.access_token).toBe('string');
    expect((body.access_token as string).length).toBeGreaterThan(0);
    expect(String(body.token_type).toLowerCase()).toBe('bearer');
  });

  it('lives outside the /v1 prefix', async () => {
    const res = await call(`${target().baseUrl}/oauth/token`, 'POST', { body: grant() });
    expect(res.status).not.toBe(201);
  });

  it('returns 401 for a wrong client secret', async () => {
    const res = await requestToken(target().serverUrl, grant({ client_secret: 'not-the-secret-0000000000' }));
    expectStatus(target(), res, 401);
  });

  it('returns 401 for an unknown client id', async () => {
    const res = await requestToken(target().serverUrl, grant({ client_id: 'no-such-client-000' }));
    expectStatus(target(), res, 401);
  });

  it('returns 400 naming client_secret when it is missing', async (ctx) => {
    const res = await requestToken(target().serverUrl, grant({ client_secret: undefined }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(402);
    ours(ctx, target());
    expectStatus(target(), res, 400, { field: 'client_secret' });
  });

  it('refuses a grant type other than client_credentials with 400', async (ctx) => {
    const res = await requestToken(target().serverUrl, grant({ grant_type: 'password' }));
    expect(res.status).toBe(400);
    ours(ctx, target());
    expectStatus(target(), res, 400, { field: 'grant_type' });
    expect((res.body as { error?: string }).error).toBe('unsupported_grant_type');
  });

  it('reports the lifetime as expires_in seconds (our choice; not shown by the contract)', async (ctx) => {
    ours(ctx, target());
    const res = await requestToken(target().serverUrl, grant());
    expect((res.body as { expires_in?: unknown }).expires_in).toBe(3600);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts a form-encoded token request too (our choice, as OAuth 2.0 clients send)', async (ctx) => {
    ours(ctx, target());
    const { clientId, clientSecret } = target().credentials;
    const res = await requestToken(
      target().serverUrl,
      new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.status, res.text).toBe(201);
  });
});

describe('Bearer authentication', () => {
  it('accepts the token on GET /settings', async () => {
    const res = await target().api('GET', '/settings');
    expect(res.status, res.text).toBe(200);
  });

  it('returns 401 when the Authorization header is missing', async () => {
    expectStatus(target(), await call(target().url('/settings'), 'GET'), 401);
  });

  it('returns 401 for a token the service never issued', async () => {
    expectStatus(target(), await call(target().url('/settings'), 'GET', { token: 'not-a-real-token' }), 401);
  });

  it('returns 401 for a non-Bearer scheme', async () => {
    const { clientId, clientSecret } = target().credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const res = await call(target().url('/settings'), 'GET', {
      headers: { authorization: `Basic ${basic}` },
    });
    expectStatus(target(), res, 401);
  });

  it('keeps an earlier token valid when a new one is requested (refresh by asking again)', async () => {
    const first = await fetchToken(target().serverUrl, target().credentials);
    const second = await fetchToken(target().serverUrl, target().credentials);
    expect(second).not.toBe(first);
    for (const token of [first, second]) {
      expect((await call(target().url('/settings'), 'GET', { token })).status).toBe(200);
    }
  });

  it('returns 401 for an expired token', async (ctx) => {
    const { serverUrl, token } = await need(ctx, () => target().expiredToken());
    expectStatus(target(), await call(`${serverUrl}/v1/settings`, 'GET', { token }), 401);
  });

  it('works until expires_in has passed, then 401, and a new token works again', async (ctx) => {
    const server = await need(ctx, () => target().shortLivedTokens(1));
    const token = await fetchToken(server.serverUrl, server);
    expect((await call(`${server.serverUrl}/v1/settings`, 'GET', { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expectStatus(target(), await call(`${server.serverUrl}/v1/settings`, 'GET', { token }), 401);
    const fresh = await fetchToken(server.serverUrl, server);
    expect((await call(`${server.serverUrl}/v1/settings`, 'GET', { token: fresh })).status).toBe(200);
  });

  it('answers 401 to the token request of a revoked API client', async (ctx) => {
    const revoked = await need(ctx, () => target().revokedCredentials());
    const res = await requestToken(target().serverUrl, {
      client_id: revoked.clientId,
      client_secret: revoked.clientSecret,
      grant_type: 'client_credentials',
    });
    expectStatus(target(), res, 401);
  });

  it('answers 401 with a token of an API client revoked after it was issued', async (ctx) => {
    const client = await need(ctx, () => target().revocableClient());
    const token = await fetchToken(target().serverUrl, client);
    expect((await call(target().url('/settings'), 'GET', { token })).status).toBe(200);
    await client.revoke();
    expectStatus(target(), await call(target().url('/settings'), 'GET', { token }), 401);
  });

  it('returns 403 when the agency is inactive', async (ctx) => {
    const inactive = await need(ctx, () => target().inactiveAgency());
    try {
      const token = await fetchToken(target().serverUrl, inactive);
      expectStatus(target(), await call(target().url('/settings'), 'GET', { token }), 403);
    } finally {
      await inactive.done();
    }
  });
});
