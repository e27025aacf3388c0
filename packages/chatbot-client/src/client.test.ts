import { afterEach, describe, expect, it } from 'vitest';
import { sendError, startServer, type TestServer } from '../test/server.js';
import { ChatbotClient } from './client.js';
import {
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  StreamError,
} from './errors.js';
import type { ResponseInfo } from './transport.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (url: string, extra: Partial<ConstructorParameters<typeof ChatbotClient>[0]> = {}) =>
  new ChatbotClient({ baseUrl: url, apiKey: 'svc_sk_test', random: () => 0, ...extra });

const sse = (frames: string[]) => frames.map((f) => `data: ${f}\n\n`).join('');

describe('ChatbotClient requests', () => {
  it('sends the key, the request id and JSON, and exposes rate-limit headers', async () => {
    const seen: ResponseInfo[] = [];
    server = await startServer((_req, res) => {
      res.writeHead(201, {
        'content-type': 'application/json',
        'x-request-id': 'rid-1',
        'ratelimit-limit': '60',
        'ratelimit-remaining': '59',
        'ratelimit-reset': '42',
      });
      res.end(JSON.stringify({ id: 'c1', object: 'conversation' }));
    });
    const c = client(server.url, { onResponse: (i) => seen.push(i) });
    const conv = await c.createConversation({ metadata: { a: 'b' } }, { requestId: 'rid-1' });
    expect(conv.id).toBe('c1');
    const req = server.requests[0];
    expect(req?.headers.authorization).toBe('Bearer svc_sk_test');
    expect(req?.headers['x-request-id']).toBe('rid-1');
    expect(JSON.parse(req?.body ?? '')).toEqual({ metadata: { a: 'b' } });
    expect(c.rateLimit).toMatchObject({ limit: 60, remaining: 59, resetSeconds: 42 });
    expect(seen[0]).toMatchObject({ status: 201, requestId: 'rid-1', path: '/conversations' });
  });

  it('reports a 2xx whose body is not JSON (a proxy page, a cut body) as a bad gateway', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'x-request-id': 'rid-2' });
      res.end('<html>Service Unavailable</html>');
    });
    const error = await client(server.url)
      .createConversation({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, code: 'invalid_response', requestId: 'rid-2' });
  });

  it('retries a 503 after Retry-After and then succeeds', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls++;
      if (calls === 1)
        return sendError(res, 503, 'server_error', 'upstream_unavailable', { 'retry-after': '0' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [] }));
    });
    await expect(client(server.url).listModels()).resolves.toEqual({ object: 'list', data: [] });
    expect(calls).toBe(2);
  });

  it('does not retry insufficient_quota or invalid_api_key', async () => {
    server = await startServer((req, res) =>
      req.url?.includes('models')
        ? sendError(res, 429, 'rate_limit_error', 'insufficient_quota', { 'retry-after': '3600' })
        : sendError(res, 401, 'authentication_error', 'invalid_api_key'),
    );
    const c = client(server.url);
    const quota = await c.listModels().catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(RateLimitError);
    expect(quota).toMatchObject({ code: 'insufficient_quota', retryAfter: 3600 });
    await expect(c.getDocument('d')).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries', async () => {
    server = await startServer((_req, res) => sendError(res, 500, 'server_error', null));
    await expect(client(server.url, { maxRetries: 1 }).listModels()).rejects.toMatchObject({ status: 500 });
    expect(server.requests).toHaveLength(2);
  });

  it('reports a deadline as a ConnectionError with timedOut', async () => {
    server = await startServer(() => {
      /* never answers */
    });
    const error = await client(server.url, { timeoutMs: 100, maxRetries: 0 })
      .listModels()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ timedOut: true });
  });

  it('reports a refused connection as a ConnectionError', async () => {
    await expect(client('http://127.0.0.1:9/v1', { maxRetries: 0 }).listModels()).rejects.toBeInstanceOf(
      ConnectionError,
    );
  });

  it('streams a multipart body through and does not retry it', async () => {
    server = await startServer((_req, res) => sendError(res, 503, 'server_error', 'upstream_unavailable'));
    const body = new Blob([
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--b--\r\n',
    ]);
    await expect(
      client(server.url).uploadFiles({ body: body.stream(), contentType: 'multipart/form-data; boundary=b' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['content-type']).toBe('multipart/form-data; boundary=b');
    expect(server.requests[0]?.body).toContain('filename="a.txt"');
  });
});

describe('ChatbotClient streams', () => {
  it('yields frames split across chunks and stops at [DONE]', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'r2' });
      const text = sse([
        JSON.stringify({ conversation_id: 'c', delta: { content: 'Hel' } }),
        JSON.stringify({ conversation_id: 'c', delta: { content: 'lo' } }),
        JSON.stringify({
          conversation_id: 'c',
          message: { role: 'assistant', content: 'Hello', citations: [] },
          done: true,
        }),
        '[DONE]',
      ]);
      res.write(text.slice(0, 17));
      setTimeout(() => res.end(text.slice(17)), 20);
    });
    const stream = await client(server.url).streamMessage('c', 'hi');
    expect(stream.requestId).toBe('r2');
    const frames = [];
    for await (const f of stream) frames.push(f);
    expect(frames).toHaveLength(3);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ content: 'hi', stream: true });
  });

  it('turns an in-band error frame into a retryable StreamError', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        sse([
          JSON.stringify({ choices: [{ index: 0, delta: { content: 'a' }, finish_reason: null }] }),
          JSON.stringify({
            error: { message: 'x', type: 'server_error', param: null, code: 'upstream_unavailable' },
          }),
          '[DONE]',
        ]),
      );
    });
    const stream = await client(server.url).streamChatCompletion({
      messages: [{ role: 'user', content: 'q' }],
    });
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of stream) got.push(chunk);
    })().catch((e: unknown) => e);
    expect(got).toHaveLength(1);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ retryable: true, code: 'upstream_unavailable', type: 'server_error' });
  });

  it('rejects a bad frame and a stream that ends without [DONE]', async () => {
    server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(req.url?.includes('bad') ? sse(['{nope']) : sse(['{"a":1}']));
    });
    const drain = async (id: string) => {
      for await (const _ of await client(server?.url ?? '').streamMessage(id, 'q')) {
        /* drain */
      }
    };
    await expect(drain('bad')).rejects.toMatchObject({ code: 'invalid_frame', retryable: false });
    await expect(drain('short')).rejects.toMatchObject({ code: 'stream_truncated', retryable: true });
  });

  it('aborts the HTTP request when the consumer stops early', async () => {
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((r) => {
      closed = r;
    });
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse([JSON.stringify({ conversation_id: 'c', delta: { content: 'x' } })]));
      res.on('close', closed);
    });
    const stream = await client(server.url).streamMessage('c', 'q');
    for await (const _ of stream) break;
    await upstreamClosed;
    expect(stream.controller.signal.aborted).toBe(true);
  });

  it('does not retry once the stream has started but retries before it', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls++;
      if (calls === 1)
        return sendError(res, 429, 'rate_limit_error', 'rate_limit_exceeded', { 'retry-after': '0' });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(['{"a":1}']));
    });
    const stream = await client(server.url).streamMessage('c', 'q');
    await expect(
      (async () => {
        for await (const _ of stream) {
          /* drain */
        }
      })(),
    ).rejects.toBeInstanceOf(StreamError);
    expect(calls).toBe(2);
  });
});
