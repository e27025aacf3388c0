import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, type TestContext } from 'vitest';
import type { ApiResponse } from './http.js';
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

/**
 * Skips a rule that checks one of this implementation's choices where the contract is silent (see
 * apps/scheduling-api/README.md); against the provider only the contract's own rules run.
 */
export function ours(ctx: TestContext, target: Target): void {
  if (target.kind === 'remote')
    ctx.skip('checks a choice where the contract is silent (local implementation only)');
}

/** A value no other test (or earlier run against a shared service) uses. */
export function unique(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 13)}`;
}

/** Status, and (on our implementation, whose error body is `{ message, field }`) the field and message. */
export function expectStatus(
  target: Target,
  res: ApiResponse,
  status: number,
  want: { field?: string | null; message?: string | RegExp } = {},
): void {
  expect(res.status, `status; body: ${res.text}`).toBe(status);
  if (target.kind !== 'local') return;
  const body = res.body as { message?: unknown; field?: unknown } | undefined;
  expect(typeof body?.message, `message; body: ${res.text}`).toBe('string');
  if (want.field !== undefined) expect(body?.field, `field; body: ${res.text}`).toBe(want.field);
  if (want.message instanceof RegExp) expect(body?.message).toMatch(want.message);
  else if (want.message !== undefined) expect(body?.message).toBe(want.message);
}

/** `date` + `days` as `YYYY-MM-DD` (UTC calendar). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
