import { describe, expect, it } from 'vitest';
import { cached } from './origin.js';

/** A load whose reads the test resolves or fails one by one. */
function loads() {
  const reads: { resolve(value: string[]): void; reject(error: Error): void }[] = [];
  const load = () =>
    new Promise<string[]>((resolve, reject) => {
      reads.push({ resolve, reject });
    });
  return { load, reads };
}

describe('cached', () => {
  it('waits for the first read, then serves it without reading again within the TTL', async () => {
    const { load, reads } = loads();
    let t = 0;
    const get = cached(load, 5_000, { staleMs: 5_000, now: () => t });
    const first = get();
    expect(reads).toHaveLength(1);
    reads[0]?.resolve(['https://a.example']);
    expect(await first).toEqual(['https://a.example']);
    t = 5_000;
    expect(await get()).toEqual(['https://a.example']);
    expect(reads).toHaveLength(1);
  });

  it('serves the old value while one background read runs after the TTL, then the new one', async () => {
    const { load, reads } = loads();
    let t = 0;
    const get = cached(load, 5_000, { staleMs: 5_000, now: () => t });
    const first = get();
    reads[0]?.resolve(['https://a.example']);
    await first;
    t = 6_000;
    // Not waiting on the read: the old list comes back at once.
    expect(await get()).toEqual(['https://a.example']);
    expect(await get()).toEqual(['https://a.example']);
    expect(reads).toHaveLength(2);
    reads[1]?.resolve(['https://b.example']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await get()).toEqual(['https://b.example']);
  });

  it('waits for a fresh read once the value is older than TTL + stale, and never caches a failure', async () => {
    const { load, reads } = loads();
    let t = 0;
    const get = cached(load, 5_000, { staleMs: 5_000, now: () => t });
    const first = get();
    reads[0]?.resolve(['https://a.example']);
    await first;
    t = 6_000;
    expect(await get()).toEqual(['https://a.example']);
    reads[1]?.reject(new Error('database down'));
    await new Promise((resolve) => setImmediate(resolve));
    // Still the old list while within the stale window; a new background read is tried.
    t = 9_000;
    expect(await get()).toEqual(['https://a.example']);
    reads[2]?.reject(new Error('database down'));
    await new Promise((resolve) => setImmediate(resolve));
    t = 10_001;
    const late = get();
    expect(reads).toHaveLength(4);
    reads[3]?.reject(new Error('database down'));
    await expect(late).rejects.toThrow('database down');
    await new Promise((resolve) => setImmediate(resolve));
    const retry = get();
    expect(reads).toHaveLength(5);
    reads[4]?.resolve(['https://c.example']);
    expect(await retry).toEqual(['https://c.example']);
  });
});
