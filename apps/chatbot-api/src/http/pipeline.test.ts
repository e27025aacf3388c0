import { request as rawRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../accounts/accounts.js';
import { expireKey, issueKey, revokeKey } from '../accounts/keys.js';
import { parseApiKey } from '../auth/api-key.js';
import { fetchWire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

let api: TestChatbotApi;
beforeAll(async () => {
  api = await startTestChatbotApi();
});
afterAll(() => api.close());

const chat = (init: RequestInit = {}) => ({
  ...init,
  headers: {
    Authorization: `Bearer ${api.chatKey}`,
    'Content-Type': 'application/json',
    ...(init.headers ?? {}),
  },
});

async function rawHttp(payload: string): Promise<string> {
  const { port } = new URL(api.serverUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(payload));
    let data = '';
    socket.on('data', (d) => {
      data += d.toString();
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('GET /health', () => {
  it('answers {"status":"ok"} without a key', async () => {
    const res = await fetchWire(`${api.serverUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('routing before authentication', () => {
  it('returns 404 Unknown route. for an unknown path even without a key', async () => {
    const res = await fetchWire(`${api.url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { message: 'Unknown route.', type: 'invalid_request_error', param: null, code: 'not_found' },
    });
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('returns 405 with a sorted Allow header, GET /v1/conversations included', async () => {
    const res = await fetchWire(`${api.url}/conversations`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const one = await fetchWire(`${api.url}/conversations/x`, { method: 'POST' });
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('DELETE, GET');
    expect((await one.json()).error.code).toBeNull();
  });

  it('redirects a trailing slash with 307 to the canonical path, keeping the query', async () => {
    const res = await fetchWire(`${api.url}/models/?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/v1/models?x=1');
  });
});

describe('pre-authentication body checks', () => {
  it('rejects invalid JSON with 400 param null before the key is checked', async () => {
    const res = await fetchWire(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"messages": [',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ param: null, type: 'invalid_request_error' });
  });

  it('rejects an announced body over 5 MiB with 413 before auth and routing', async () => {
    const reply = await rawHttp(
      `POST /v1/unknown HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5242881\r\n\r\n{}`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
    expect(reply).toContain('"code":"request_too_large"');
  });

  it('caps a chunked body while reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = rawRequest(`${api.url}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 6; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
  });

  it('answers a malformed Content-Length with the 400 envelope', async () => {
    const reply = await rawHttp(
      `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('"param":null');
  });
});

describe('authentication', () => {
  async function status401(headers: Record<string, string>) {
    const res = await fetchWire(`${api.url}/models`, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    return res.json();
  }

  it('gives one identical 401 body for every cause', async () => {
    const expected = {
      error: {
        message: 'Incorrect API key provided.',
        type: 'authentication_error',
        param: null,
        code: 'invalid_api_key',
      },
    };
    const wrongSecret = `${api.chatKey.slice(0, -1)}${api.chatKey.endsWith('A') ? 'B' : 'A'}`;
    for (const headers of [
      {},
      { Authorization: `Basic ${api.chatKey}` },
      { Authorization: `Bearer  ${api.chatKey}` },
      { Authorization: 'Bearer svc_sk_short' },
      { Authorization: `Bearer ${wrongSecret}` },
    ]) {
      expect(await status401(headers)).toEqual(expected);
    }
  });

  it('accepts the scheme word in any case', async () => {
    const res = await fetchWire(`${api.url}/models`, { headers: { Authorization: `bEaReR ${api.chatKey}` } });
    expect(res.status).toBe(200);
  });

  it('rejects revoked and expired keys and keys of a suspended account', async () => {
    const { db } = api.deps;
    const now = new Date();
    const revoked = await issueKey(db, { accountId: api.accountId, scopes: ['chat'], now });
    const ok = await fetchWire(`${api.url}/models`, { headers: { Authorization: `Bearer ${revoked.key}` } });
    expect(ok.status).toBe(200);
    revokeKey(db, revoked.stored.keyId, now);
    await status401({ Authorization: `Bearer ${revoked.key}` });

    const expired = await issueKey(db, { accountId: api.accountId, scopes: ['chat'], now });
    expireKey(db, parseApiKey(expired.key)!.keyId, new Date(now.getTime() - 1000));
    await status401({ Authorization: `Bearer ${expired.key}` });

    updateAccount(db, api.accountId, { suspended: true });
    try {
      await status401({ Authorization: `Bearer ${api.chatKey}` });
    } finally {
      updateAccount(db, api.accountId, { suspended: false });
    }
  });

  it('returns 403 insufficient_scope naming the scope', async () => {
    const res = await fetchWire(`${api.url}/models`, {
      headers: { Authorization: `Bearer ${api.ingestKey}` },
    });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe('insufficient_scope');
    expect(body.error.message).toContain('chat');
  });

  it('answers 401 rather than 400 when the key is missing and the body invalid', async () => {
    const res = await fetchWire(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"messages": 5}',
    });
    expect(res.status).toBe(401);
  });
});

describe('X-Request-ID', () => {
  it('echoes a valid caller value and replaces an invalid one', async () => {
    const echoed = await fetchWire(`${api.url}/models`, chat({ headers: { 'X-Request-ID': 'abc_DEF-123' } }));
    expect(echoed.headers.get('x-request-id')).toBe('abc_DEF-123');
    const replaced = await fetchWire(`${api.url}/nope`, { headers: { 'X-Request-ID': 'bad id!' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
  });
});

describe('content type', () => {
  it('rejects a body that is not declared as JSON after authentication, param null', async () => {
    const res = await fetchWire(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.chatKey}`, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.param).toBeNull();
    expect(res.headers.get('ratelimit-limit')).not.toBeNull();
  });
});

describe('unexpected failures', () => {
  it('answer 500 Internal server error. without leaking the cause', async () => {
    const broken = await startTestChatbotApi();
    // A closed database makes every store call throw a non-HTTP error, as a real fault would.
    broken.deps.db.close();
    try {
      const res = await fetchWire(`${broken.url}/models`, {
        headers: { Authorization: `Bearer ${broken.chatKey}` },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { message: 'Internal server error.', type: 'server_error', param: null, code: null },
      });
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    } finally {
      await broken.close();
    }
  });
});
