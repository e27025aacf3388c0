import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

const OPTIONS = { crossOriginResourcePolicy: { policy: 'same-origin' as const } };
const VOLATILE = new Set(['date', 'etag', 'keep-alive', 'connection', 'content-length']);

describe('securityHeaders', () => {
  let base = '';
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const app = express();
    app.disable('x-powered-by');
    const ok = (_req: express.Request, res: express.Response) => void res.send('ok');
    app.get('/helmet', helmet(OPTIONS), ok);
    app.get('/precomputed', securityHeaders(OPTIONS), ok);
    app.get('/overridden', securityHeaders(OPTIONS), (_req, res) => {
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  const headersOf = async (path: string) => {
    const res = await fetch(base + path);
    return Object.fromEntries([...res.headers].filter(([name]) => !VOLATILE.has(name)));
  };

  it('sends exactly the headers helmet sends, worked out once', async () => {
    const precomputed = await headersOf('/precomputed');
    expect(precomputed).toEqual(await headersOf('/helmet'));
    expect(precomputed['content-security-policy']).toContain("default-src 'self'");
    expect(precomputed['cross-origin-resource-policy']).toBe('same-origin');
    expect(precomputed['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('leaves a route free to override a header for itself', async () => {
    expect((await headersOf('/overridden'))['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await headersOf('/precomputed'))['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('refuses options that need a request (a nonce function), instead of freezing one nonce', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: {
          directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${String(res)}'`] },
        },
      }),
    ).toThrow(/computed per request/);
  });
});
