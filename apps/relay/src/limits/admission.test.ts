import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { AdmissionController } from './admission.js';
import { memoryWindowCounter } from './window-counter.js';

const controller = (over: Partial<ConstructorParameters<typeof AdmissionController>[0]> = {}) => {
  const clock = { t: 60_000 * 1000 + 59_500 };
  const admission = new AdmissionController({
    counter: memoryWindowCounter(),
    requestsPerMinute: 2,
    queueSize: 10,
    maxWaitMs: 3000,
    now: () => clock.t,
    ...over,
  });
  return { admission, clock };
};

describe('AdmissionController', () => {
  it('admits up to the budget, then queues until the next minute', async () => {
    const { admission, clock } = controller();
    await admission.admit('a');
    await admission.admit('a');
    const waiting = admission.admit('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(admission.queued).toBe(1);
    clock.t += 600; // into the next wall-clock minute
    await waiting;
    expect(admission.queued).toBe(0);
    admission.close();
  });

  it('refuses with 429 and Retry-After when the queue is full', async () => {
    const { admission } = controller({ queueSize: 0 });
    await admission.admit('a');
    await admission.admit('a');
    const error = await admission.admit('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((error as HttpError).options.retryAfter).toBe(1);
  });

  it('refuses a request that waited longer than the maximum', async () => {
    const { admission } = controller({ maxWaitMs: 50 });
    await admission.admit('a');
    await admission.admit('a');
    await expect(admission.admit('a')).rejects.toMatchObject({ status: 429 });
    expect(admission.queued).toBe(0);
  });

  it('serves waiting visitors round-robin, so one burst cannot starve the others', async () => {
    const { admission, clock } = controller({ requestsPerMinute: 1 });
    await admission.admit('x');
    const order: string[] = [];
    const waits = ['greedy', 'greedy', 'greedy', 'polite'].map((k) =>
      admission.admit(k).then(() => order.push(k)),
    );
    // One slot per minute: each new minute serves the next visitor in line, not the same one.
    clock.t += 600;
    await new Promise((r) => setTimeout(r, 1100));
    clock.t += 60_000;
    await new Promise((r) => setTimeout(r, 1100));
    expect(order).toEqual(['greedy', 'polite']);
    admission.close();
    await Promise.allSettled(waits);
  });

  it('follows the upstream headers: a lower limit and an exhausted window', async () => {
    const { admission, clock } = controller({ requestsPerMinute: 100, queueSize: 0 });
    admission.observe({ limit: 1, remaining: 5, resetSeconds: 30, observedAt: clock.t });
    expect(admission.budget).toBe(1);
    admission.observe({ limit: 100, remaining: 0, resetSeconds: 30, observedAt: clock.t });
    const error = await admission.admit('a').catch((e: unknown) => e);
    expect((error as HttpError).options.retryAfter).toBe(30);
  });

  it('holds one client address to its share of the budget, leaving the rest for others', async () => {
    const { admission } = controller({ requestsPerMinute: 8, ipShare: 0.25, queueSize: 0 });
    expect(admission.ipBudget).toBe(2);
    await admission.admit('a', 'ip-1');
    await admission.admit('b', 'ip-1');
    const refused = await admission.admit('c', 'ip-1').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as HttpError).options.retryAfter).toBe(1); // the minute ends in 0.5 s
    await admission.admit('d', 'ip-2');
    await admission.admit('e'); // no address given: only the shared budget applies
  });

  it('ignores an upstream limit of 0 and holds an upstream block to a day at most', async () => {
    const { admission, clock } = controller({ requestsPerMinute: 100, queueSize: 0 });
    admission.observe({ limit: 0, remaining: 5, resetSeconds: 30, observedAt: clock.t });
    expect(admission.budget).toBe(100);
    admission.block(10 ** 12);
    const error = await admission.admit('a').catch((e: unknown) => e);
    expect((error as HttpError).options.retryAfter).toBeLessThanOrEqual(86_400);
  });
});
