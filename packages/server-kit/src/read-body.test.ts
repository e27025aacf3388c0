import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readBody } from './read-body.js';

class TooLarge extends Error {}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
  server = undefined;
});

/** A real server whose handler reads the body with `limit` and answers what happened. */
async function start(limit: number): Promise<{ url: string }> {
  server = createServer((req: IncomingMessage, res) => {
    readBody(req, { limit, tooLarge: (max) => new TooLarge(`over ${max}`) }).then(
      (body) => res.end(`ok ${body.length} ${body.toString('utf8')}`),
      (err: Error) => {
        res.statusCode = err instanceof TooLarge ? 413 : 500;
        res.setHeader('Connection', 'close');
        res.end(err.message);
      },
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/` };
}

/** Sends a chunked body (no Content-Length), one write per chunk. */
function sendChunked(url: string, chunks: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('readBody', () => {
  it('resolves the whole body when it fits the limit', async () => {
    const { url } = await start(10);
    const res = await fetch(url, { method: 'POST', body: '0123456789' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok 10 0123456789');
  });

  it('resolves an empty buffer for a request without a body', async () => {
    const { url } = await start(10);
    const res = await fetch(url);
    expect(await res.text()).toBe('ok 0 ');
  });

  it("refuses an announced Content-Length over the limit with the app's error, without waiting for the body", async () => {
    const { url } = await start(10);
    // One byte of the announced thousand: only a refusal that trusts the header can answer now.
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: { 'Content-Length': '1000' } }, (r) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => {
          text += c;
        });
        r.on('end', () => {
          req.destroy();
          resolve({ status: r.statusCode ?? 0, text });
        });
      });
      req.on('error', reject);
      req.write('x');
    });
    expect(res).toEqual({ status: 413, text: 'over 10' });
  });

  it('stops a chunked body as soon as it passes the limit', async () => {
    const { url } = await start(10);
    const res = await sendChunked(url, ['01234', '56789', 'x']);
    expect(res).toEqual({ status: 413, text: 'over 10' });
  });

  it('accepts a chunked body of exactly the limit', async () => {
    const { url } = await start(10);
    const res = await sendChunked(url, ['01234', '56789']);
    expect(res).toEqual({ status: 200, text: 'ok 10 0123456789' });
  });
});
