import { afterEach, describe, expect, it } from 'vitest';
import { sendError, startServer, type TestServer } from '../test/server.js';
import { ChatbotClient } from './client.js';
import { ConnectionError, RateLimitError, StreamError } from './errors.js';

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

  it('holds the upstream back while the reader waits, then delivers every frame in order', async () => {
    const total = 16_000;
    let written = 0;
    let stalled = false;
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pump = () => {
        while (written < total) {
          const delta = `${written}:`.padEnd(1000, 'x');
          written++;
          if (
            !res.write(`data: ${JSON.stringify({ conversation_id: 'c', delta: { content: delta } })}\n\n`)
          ) {
            stalled = true;
            res.once('drain', pump);
            return;
          }
        }
        res.end('data: [DONE]\n\n');
      };
      pump();
    });
    const stream = await new ChatbotClient({ baseUrl: server.url, apiKey: 'svc_sk_test' }).streamMessage(
      'c',
      'q',
    );
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    // A reader that stops pulling: the socket fills and the upstream's writes stall, far short of
    // the 16 MB answer (nothing piles up in the client's memory).
    await new Promise((r) => setTimeout(r, 200));
    expect(stalled).toBe(true);
    expect(written).toBeLessThan(total / 2);
    const seen: number[] = [0];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const frame = next.value as { delta: { content: string } };
      seen.push(Number.parseInt(frame.delta.content, 10));
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
  });

  it('fails a stream whose connection breaks mid-body as interrupted, and one the caller aborts as aborted', async () => {
    server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${frame}\n\n`);
      if (req.url?.includes('break')) setTimeout(() => res.socket?.destroy(), 30);
    });
    const client = new ChatbotClient({ baseUrl: server.url, apiKey: 'svc_sk_test' });
    const broken = await client.streamMessage('break', 'q');
    const error = await drain(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ code: 'stream_interrupted', retryable: true });

    const caller = new AbortController();
    const aborted = await client.streamMessage('hang', 'q', { signal: caller.signal });
    setTimeout(() => caller.abort(), 30);
    await expect(drain(aborted)).rejects.toMatchObject({ code: 'aborted' });
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
