import { describe, expect, it } from 'vitest';
import { expectError } from '../src/expect-error.js';
import { need, useTarget } from '../src/fixture.js';
import { type ApiResponse, call, chunkedRequest, rawRequest } from '../src/http.js';

const target = useTarget();

const JSON_CAP = 5_242_880;
const MULTIPART_CAP = 525_336_576;

/** The request line and headers for a raw request (path relative to the base URL, no trailing blank line). */
function head(method: string, path: string, headers: Record<string, string>): string {
  const url = new URL(target().url(path));
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function expectNoRateLimitHeaders(res: ApiResponse) {
  expect(res.headers.get('ratelimit-limit')).toBeNull();
  expect(res.headers.get('ratelimit-remaining')).toBeNull();
  expect(res.headers.get('ratelimit-reset')).toBeNull();
}

describe('Order of evaluation (authentication rule 7)', () => {
  describe('(a) before authentication', () => {
    it('returns 400 with param null for a malformed Content-Length before checking the key', async () => {
      for (const value of ['abc', '-1', '1.5', '12abc']) {
        const res = await rawRequest(
          target().serverUrl,
          head('POST', '/chat/completions', { 'Content-Type': 'application/json', 'Content-Length': value }),
          new TextEncoder().encode('{}'),
        );
        expectError(res, 400, { param: null });
      }
    });

    it('returns 400 with param null for invalid JSON syntax before checking the key', async () => {
      const res = await call(target().url('/chat/completions'), 'POST', {
        body: '{"messages": [',
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, { param: null, code: null });
      expectNoRateLimitHeaders(res);
    });

    it('returns 400 for invalid JSON even with a key that lacks the scope', async () => {
      const res = await call(target().url('/embeddings'), 'POST', {
        key: target().ingestKey,
        body: '{"input": }',
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, { param: null });
    });

    it('returns 413 request_too_large for a JSON body over 5 MiB sent with Content-Length, before the key', async () => {
      const body = JSON.stringify({ input: 'a'.repeat(JSON_CAP) });
      const res = await call(target().url('/embeddings'), 'POST', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 413, { code: 'request_too_large' });
      expectNoRateLimitHeaders(res);
    });

    it('accepts a JSON body of exactly 5,242,880 bytes (the cap is inclusive)', async () => {
      const skeleton = JSON.stringify({ input: '', model: '' });
      const body = JSON.stringify({ input: 'ok', model: 'x'.repeat(JSON_CAP - skeleton.length - 2) });
      expect(Buffer.byteLength(body)).toBe(JSON_CAP);
      const res = await call(target().url('/embeddings'), 'POST', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      // No key: anything but 413 shows the size was accepted; authentication then answers 401.
      expectError(res, 401, { code: 'invalid_api_key' });
    });

    it('returns 413 from the announced Content-Length alone, on an unknown path too (before routing)', async () => {
      const res = await rawRequest(
        target().serverUrl,
        head('POST', '/no-such-operation', {
          'Content-Type': 'application/json',
          'Content-Length': String(JSON_CAP + 1),
        }),
        new TextEncoder().encode('{'),
      );
      expectError(res, 413, { code: 'request_too_large' });
    });

    it('caps multipart uploads at 525,336,576 bytes from Content-Length, before the key', async () => {
      const res = await rawRequest(
        target().serverUrl,
        head('POST', '/ingest/files', {
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(MULTIPART_CAP + 1),
        }),
        new TextEncoder().encode('--x\r\n'),
      );
      expectError(res, 413, { code: 'request_too_large' });
      expectNoRateLimitHeaders(res);
    });

    it('does not apply the JSON cap to the multipart endpoint', async () => {
      const res = await rawRequest(
        target().serverUrl,
        head('POST', '/ingest/files', {
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(JSON_CAP + 1),
        }),
        new TextEncoder().encode('--x\r\n'),
        5_000,
      ).catch(() => null);
      // The server waits for the rest of the announced body or answers 401; it must not answer 413.
      if (res) expect(res.status).not.toBe(413);
    });

    it('returns 404 not_found `Unknown route.` for an unknown path before checking the key', async () => {
      for (const path of ['/nope', '/chat/completion', '/documents/x/y']) {
        const res = await call(target().url(path), 'GET');
        expectError(res, 404, { code: 'not_found', message: 'Unknown route.', param: null });
        expectNoRateLimitHeaders(res);
      }
    });

    it('returns 404 `Unknown route.` for a path outside /v1 other than /health', async () => {
      const res = await call(`${target().serverUrl}/v2/models`, 'GET', { key: target().chatKey });
      expectError(res, 404, { code: 'not_found', message: 'Unknown route.' });
    });

    it('returns 405 with Allow listing the supported methods alphabetically, before checking the key', async () => {
      const cases: [string, string, string[]][] = [
        ['PUT', '/chat/completions', ['POST']],
        ['GET', '/chat/completions', ['POST']],
        ['POST', '/models', ['GET']],
        ['PATCH', '/conversations/00000000-0000-4000-8000-000000000000', ['DELETE', 'GET']],
        ['PUT', '/documents/00000000-0000-4000-8000-000000000000', ['DELETE', 'GET']],
        ['GET', '/ingest/files', ['POST']],
        ['DELETE', '/embeddings', ['POST']],
      ];
      for (const [method, path, allowed] of cases) {
        const res = await call(target().url(path), method);
        const e = expectError(res, 405, { code: null, param: null });
        expect(e.message.toLowerCase()).toContain('not allowed');
        const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim());
        expect(allow, `${method} ${path}`).toEqual([...allow].sort());
        expect(allow.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')).toEqual(allowed);
        expectNoRateLimitHeaders(res);
      }
    });

    it('returns 405 for GET /v1/conversations (there is no list operation)', async () => {
      const res = await call(target().url('/conversations'), 'GET', { key: target().chatKey });
      expectError(res, 405);
      expect(res.headers.get('allow')).toBe('POST');
    });

    it('redirects a trailing slash with 307 to the canonical path', async () => {
      for (const path of ['/models/', '/documents/', '/chat/completions/']) {
        const res = await call(target().url(`${path}?limit=1`), path.startsWith('/chat') ? 'POST' : 'GET', {
          key: target().chatKey,
        });
        expect(res.status, path).toBe(307);
        const location = new URL(res.headers.get('location') ?? '', target().url(path));
        expect(location.pathname).toBe(new URL(target().url(path.slice(0, -1))).pathname);
        expect(location.search).toBe('?limit=1');
      }
    });
  });

  it('does not redirect a trailing slash on an unknown path (404 `Unknown route.`)', async () => {
    const res = await call(target().url('/nope/'), 'GET');
    expectError(res, 404, { code: 'not_found', message: 'Unknown route.' });
  });

  describe('(b)-(e) authentication, scope, rate limit, validation', () => {
    it('returns 401 for a request with no key and an invalid body', async () => {
      const res = await call(target().url('/chat/completions'), 'POST', { json: { messages: [], n: 7 } });
      expectError(res, 401, { code: 'invalid_api_key' });
    });

    it('returns 401 (not 403) for an invalid key on an operation of another scope', async () => {
      // Another last character: a key that already ends in "Z" would stay valid (1 run in ~60).
      const key = target().chatKey;
      const res = await call(target().url('/documents'), 'GET', {
        key: `${key.slice(0, -1)}${key.endsWith('Z') ? 'Y' : 'Z'}`,
      });
      expectError(res, 401, { code: 'invalid_api_key' });
    });

    it('returns 403 for a key lacking the scope even when the body is invalid', async () => {
      const res = await call(target().url('/chat/completions'), 'POST', {
        key: target().ingestKey,
        json: { n: 3 },
      });
      expectError(res, 403, { code: 'insufficient_scope' });
    });

    it('returns 400 with the field for a valid key and an invalid body', async () => {
      const res = await call(target().url('/chat/completions'), 'POST', {
        key: target().chatKey,
        json: { messages: [{ role: 'user', content: 'Hi' }], n: 2 },
      });
      expectError(res, 400, { param: 'n' });
    });

    it('returns 429 (limiter) before 400 (validation) once the requests per minute are used up', async (ctx) => {
      const account = await need(ctx, () => target().lowRpmAccount());
      let last: ApiResponse | null = null;
      for (let i = 0; i <= account.rpm + 1; i++) {
        last = await call(`${account.baseUrl}/chat/completions`, 'POST', {
          key: account.chatKey,
          json: { n: 5 },
        });
        if (last.status === 429) break;
      }
      expectError(last!, 429, { code: 'rate_limit_exceeded' });
    });

    it('caps chunked bodies while reading them, after routing (413 with a valid key)', async () => {
      const piece = new Uint8Array(1024 * 1024).fill(0x61);
      async function* chunks() {
        yield new TextEncoder().encode('{"input":"');
        for (let i = 0; i < 6; i++) yield piece;
        yield new TextEncoder().encode('"}');
      }
      const res = await chunkedRequest(
        target().url('/embeddings'),
        'POST',
        { authorization: `Bearer ${target().chatKey}`, 'content-type': 'application/json' },
        chunks(),
      );
      expectError(res, 413, { code: 'request_too_large' });
    });

    it('routes before capping a chunked body: an unknown path answers 404', async () => {
      async function* chunks() {
        yield new TextEncoder().encode('{}');
      }
      const res = await chunkedRequest(
        target().url('/nope'),
        'POST',
        { 'content-type': 'application/json' },
        chunks(),
      );
      expectError(res, 404, { code: 'not_found', message: 'Unknown route.' });
    });
  });
});
