import { afterEach, describe, expect, it } from 'vitest';
import { sendError, startServer, type TestServer } from '../test/server.js';
import { ChatbotClient } from './client.js';
import { ConnectionError, RateLimitError } from './errors.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const frame = JSON.stringify({ conversation_id: 'c', delta: { content: 'x' } });
const drain = async (stream: AsyncIterable<unknown>) => {
  let n = 0;
  for await (const _ of stream) n++;
  return n;
};

describe('ChatbotClient streams over node:http', () => {
  it('sends the key, the request id and the JSON body, and reuses the socket after [DONE]', async () => {
    const sockets = new Set<unknown>();
    server = await startServer((req, res) => {
      sockets.add(req.socket);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'up-1' });
      res.end(`data: ${frame}\n\ndata: [DONE]\n\n`);
    });
    const client = new ChatbotClient({ baseUrl: server.url, apiKey: 'svc_sk_test' });
    for (let i = 0; i < 3; i++) {
      const stream = await client.streamMessage('c', 'question', { requestId: 'trace-1' });
      expect(stream.requestId).toBe('up-1');
      expect(await drain(stream)).toBe(1);
      // The socket returns to the pool once the rest of the body (its end) has been read.
      await new Promise((r) => setTimeout(r, 20));
    }
    const sent = server.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer svc_sk_test');
    expect(sent?.headers['x-request-id']).toBe('trace-1');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ content: 'question', stream: true });
    expect(sockets.size).toBe(1);
  });

  it('maps an error answer and retries it before the stream starts', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls++;
      if (calls === 1)
        return sendError(res, 429, 'rate_limit_error', 'rate_limit_exceeded', { 'retry-after': '0' });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${frame}\n\ndata: [DONE]\n\n`);
    });
    const client = new ChatbotClient({ baseUrl: server.url, apiKey: 'svc_sk_test', random: () => 0 });
    expect(await drain(await client.streamMessage('c', 'q'))).toBe(1);
    expect(calls).toBe(2);
    const once = new ChatbotClient({ baseUrl: server.url, apiKey: 'svc_sk_test', maxRetries: 0 });
    calls = 0;
    await expect(once.streamMessage('c', 'q')).rejects.toBeInstanceOf(RateLimitError);
  });

  it('fails a stream the caller aborts while waiting for headers, and closes the upstream request', async () => {
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((r) => {
      closed = r;
    });
    server = await startServer((_req, res) => res.on('close', closed));
    const caller = new AbortController();
    const pending = new ChatbotClient({ baseUrl: server.url, apiKey: 'svc_sk_test' }).streamMessage(
      'c',
      'q',
      {
        signal: caller.signal,
      },
    );
    setTimeout(() => caller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await expect(pending).rejects.toBeInstanceOf(ConnectionError);
    await upstreamClosed;
  });

  it('leaves streams to an injected fetch', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: [DONE]\n\n');
    });
    const seen: string[] = [];
    const client = new ChatbotClient({
      baseUrl: server.url,
      apiKey: 'svc_sk_test',
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await drain(await client.streamMessage('c', 'q'))).toBe(0);
    expect(seen).toHaveLength(1);
  });
});
