import { afterAll, beforeAll, type TestContext } from 'vitest';
import { openTarget, type Target, Unavailable } from './target.js';

/** Opens the target once for the test file; the returned getter is valid inside tests and hooks. */
export function useTarget(): () => Target {
  let target: Target | undefined;
  beforeAll(async () => {
    target = await openTarget();
  });
  afterAll(async () => {
    await target?.close();
  });
  return () => {
    if (!target) throw new Error('the target did not start (see the beforeAll error)');
    return target;
  };
}

/** Runs a fixture; when the target cannot provide it, skips the test with the reason. */
export async function need<T>(ctx: TestContext, fixture: () => Promise<T>): Promise<T> {
  try {
    return await fixture();
  } catch (e) {
    if (e instanceof Unavailable) ctx.skip(e.message);
    throw e;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  stepMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}
