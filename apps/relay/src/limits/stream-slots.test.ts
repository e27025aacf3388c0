import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { memorySlotStore, redisSlotStore, streamSlots } from './stream-slots.js';

const slots = (now = () => 1_000) =>
  streamSlots({ store: memorySlotStore(), perVisitor: 2, perIp: 3, leaseMs: 10_000, now });

describe('streamSlots', () => {
  it('caps open streams per visitor and per address, and gives a slot back on release', async () => {
    const take = slots();
    const first = await take('alice', 'ip-1');
    await take('alice', 'ip-1');
    const refused = await take('alice', 'ip-1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as HttpError).options.retryAfter).toBeGreaterThan(0);
    await take('bob', 'ip-1');
    await expect(take('carol', 'ip-1')).rejects.toMatchObject({ status: 429 });
    await take('carol', 'ip-2');
    await first();
    await first(); // a second release changes nothing
    await take('carol', 'ip-1');
    await expect(take('dave', 'ip-1')).rejects.toMatchObject({ status: 429 });
  });

  it('lets a lease that was never released expire', async () => {
    const clock = { t: 1_000 };
    const take = slots(() => clock.t);
    await take('alice', 'ip-1');
    await take('alice', 'ip-1');
    await expect(take('alice', 'ip-1')).rejects.toMatchObject({ status: 429 });
    clock.t += 10_001;
    await take('alice', 'ip-1');
  });

  it('fails open when the shared store is down', async () => {
    // Nothing listens on port 1; no retries and no offline queue, so the failure is immediate.
    const redis = new Redis({
      port: 1,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    redis.on('error', () => undefined);
    const errors: unknown[] = [];
    const take = streamSlots({
      store: redisSlotStore(redis, 'test:'),
      perVisitor: 1,
      perIp: 1,
      leaseMs: 1_000,
      onStoreError: (e) => errors.push(e),
    });
    const releases = [await take('alice', 'ip'), await take('alice', 'ip')];
    for (const release of releases) await release();
    expect(errors.length).toBeGreaterThan(0);
    redis.disconnect();
  });
});
