import { describe, expect, it } from 'vitest';
import { useTarget } from '../src/fixture.js';
import { type ApiResponse, call, rawRequest } from '../src/http.js';

const target = useTarget();

const withId = (id: string, path = '/models', key: string | null = target().chatKey) =>
  call(target().url(path), 'GET', { key, headers: { 'x-request-id': id } });

describe('X-Request-ID', () => {
  it('is present on every response of an API operation, errors included', async () => {
    const responses: [string, ApiResponse][] = [
      ['200', await call(target().url('/models'), 'GET', { key: target().chatKey })],
      ['401', await call(target().url('/models'), 'GET')],
      ['403', await call(target().url('/models'), 'GET', { key: target().ingestKey })],
      ['404 route', await call(target().url('/nope'), 'GET')],
      ['405', await call(target().url('/models'), 'POST')],
      [
        '400',
        await call(target().url('/embeddings'), 'POST', {
          key: target().chatKey,
          body: '{',
          headers: { 'content-type': 'application/json' },
        }),
      ],
      ['404', await call(target().url('/documents/nope'), 'GET', { key: target().ingestKey })],
    ];
    for (const [what, res] of responses) {
      expect(res.headers.get('x-request-id'), what).toMatch(/^\S{1,}$/);
    }
    const ids = responses.map(([, r]) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is present on pre-authentication rejections: malformed Content-Length and 413', async () => {
    const url = new URL(target().url('/embeddings'));
    const head = (length: string) =>
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    const malformed = await rawRequest(target().serverUrl, head('abc'), new TextEncoder().encode('{}'));
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-request-id'), 'malformed Content-Length').toMatch(/^\S+$/);
    const tooLarge = await rawRequest(target().serverUrl, head('5242881'), new TextEncoder().encode('{'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('x-request-id'), '413').toMatch(/^\S+$/);
  });

  it('is present on 201, 204 and event-stream responses', async () => {
    const created = await call(target().url('/conversations'), 'POST', { key: target().chatKey, json: {} });
    expect(created.headers.get('x-request-id'), '201').toMatch(/^\S+$/);
    const id = (created.body as { id: string }).id;
    const deleted = await call(target().url(`/conversations/${id}`), 'DELETE', { key: target().chatKey });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('x-request-id'), '204').toMatch(/^\S+$/);
    const stream = await fetch(target().url('/chat/completions'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target().chatKey}`,
        'content-type': 'application/json',
        'x-request-id': 'sse-1',
      },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello' }], stream: true }),
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-request-id'), 'event stream').toBe('sse-1');
    await stream.text();
  });

  it('echoes a caller value of 1 to 64 characters from [A-Za-z0-9_-]', async () => {
    for (const id of ['a', 'req_123-ABC', 'x'.repeat(64), '-_-']) {
      expect((await withId(id)).headers.get('x-request-id')).toBe(id);
    }
  });

  it('echoes valid values on error responses too', async () => {
    expect((await withId('trace-401', '/models', null)).headers.get('x-request-id')).toBe('trace-401');
    expect((await withId('trace-404', '/nope')).headers.get('x-request-id')).toBe('trace-404');
  });

  it('replaces a caller value that is empty, too long or has other characters', async () => {
    for (const id of ['', 'x'.repeat(65), 'has space', 'dot.ted', 'semi;colon', 'slash/x']) {
      const res = await withId(id);
      const got = res.headers.get('x-request-id');
      expect(got, JSON.stringify(id)).toMatch(/^\S+$/);
      expect(got).not.toBe(id);
      expect(res.status).toBe(200);
    }
  });
});
