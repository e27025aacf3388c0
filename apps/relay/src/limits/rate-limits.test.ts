import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/http-error.js';
import { limiterFactory } from './rate-limits.js';

describe('limiterFactory: several limits in one pass', () => {
  let base = '';
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const limits = limiterFactory({ redis: undefined, prefix: 'test:' });
    const byHeader = (name: string) => (req: express.Request) => String(req.get(name) ?? 'none');
    const app = express();
    app.get(
      '/both',
      limits(
        { name: 'outer', limit: 3, key: byHeader('x-outer') },
        { name: 'inner', limit: 2, key: byHeader('x-inner') },
      ),
      (_req, res) => void res.send('ok'),
    );
    // The same `inner` counters, reached through another route.
    app.get('/inner', limits({ name: 'inner', limit: 2, key: byHeader('x-inner') }), (_req, res) => {
      res.send('ok');
    });
    // A store that fails (Redis down): the request passes.
    const broken = limiterFactory({
      // Down from the start: even loading the scripts fails (no unhandled rejection may follow).
      redis: { call: () => Promise.reject(new Error('down')) } as unknown as Redis,
      prefix: 'test:',
    });
    app.get('/broken', broken({ name: 'b', limit: 0, key: () => 'k' }), (_req, res) => void res.send('ok'));
    app.use(errorHandler());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  const get = (path: string, outer: string, inner: string) =>
    fetch(base + path, { headers: { 'x-outer': outer, 'x-inner': inner } });

  it('counts every rule, announces each, and refuses at the first one exceeded', async () => {
    const first = await get('/both', 'o1', 'i1');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"outer";q=3;w=60, "inner";q=2;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"outer";r=2;t=\d+, "inner";r=1;t=\d+$/);
    expect((await get('/both', 'o1', 'i1')).status).toBe(200);
    const refused = await get('/both', 'o1', 'i1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited', retryable: true } });
    // Another inner key is still welcome until the outer limit (3) is spent, then refused by it.
    expect((await get('/both', 'o1', 'i2')).status).toBe(429);
    expect((await get('/both', 'o2', 'i2')).status).toBe(200);
  });

  it('shares a rule’s counters between routes, and does not count a request an earlier rule refused', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get('/both', 'o3', 'i3')).status);
    // The third passes outer (3 of 3) and goes over inner (3 of 2).
    expect(statuses).toEqual([200, 200, 429]);
    expect((await get('/inner', 'x', 'i3')).status).toBe(429);
    // Refused by outer first, a request leaves inner alone: i4 is still fresh afterwards.
    expect((await get('/both', 'o3', 'i4')).status).toBe(429);
    const fresh = await get('/inner', 'x', 'i4');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('ratelimit')).toMatch(/^"inner";r=1;/);
  });

  it('lets requests through when Redis is down, from the start on', async () => {
    const res = await fetch(`${base}/broken`);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit')).toBeNull();
  });
});
