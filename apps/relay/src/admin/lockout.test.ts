import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLoginFailures, lockoutRetryAfter, recordLoginFailure } from './lockout.js';
import { type AdminFixture, startAdminFixture } from './testing/fixture.js';

let f: AdminFixture;
beforeAll(async () => {
  f = await startAdminFixture();
});
beforeEach(async () => {
  await f.deps.sql.query('DELETE FROM admin_login_failures');
});
afterAll(async () => {
  await f.close();
});

const t0 = new Date('2026-11-22T03:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('lockoutRetryAfter', () => {
  it('locks for 15 minutes from the fifth failure within 15 minutes', async () => {
    for (const m of [0, 1, 2, 3, 4]) await recordLoginFailure(f.deps.sql, 'clerk', '10.0.0.1', at(m));
    expect(await lockoutRetryAfter(f.deps.sql, 'clerk', '10.0.0.9', at(4))).toBe(900);
    expect(await lockoutRetryAfter(f.deps.sql, 'clerk', '10.0.0.9', at(18))).toBe(60);
    expect(await lockoutRetryAfter(f.deps.sql, 'clerk', '10.0.0.9', at(19))).toBe(0);
  });

  it('does not lock for five failures spread over more than 15 minutes', async () => {
    for (const m of [0, 4, 8, 12, 16]) await recordLoginFailure(f.deps.sql, 'clerk', '10.0.0.1', at(m));
    expect(await lockoutRetryAfter(f.deps.sql, 'clerk', '10.0.0.2', at(16))).toBe(0);
  });

  it('locks an IP across usernames; a success forgives the user but not the spraying IP', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      await recordLoginFailure(f.deps.sql, name, '10.0.0.1', at(0));
    expect(await lockoutRetryAfter(f.deps.sql, 'z', '10.0.0.1', at(1))).toBeGreaterThan(0);
    expect(await lockoutRetryAfter(f.deps.sql, 'z', '10.0.0.2', at(1))).toBe(0);
    await clearLoginFailures(f.deps.sql, 'a');
    expect(await lockoutRetryAfter(f.deps.sql, 'z', '10.0.0.1', at(1))).toBeGreaterThan(0);
  });

  it('forgives a user after a successful sign-in', async () => {
    for (const m of [0, 1, 2, 3]) await recordLoginFailure(f.deps.sql, 'clerk', `10.0.1.${m}`, at(m));
    await clearLoginFailures(f.deps.sql, 'clerk');
    await recordLoginFailure(f.deps.sql, 'clerk', '10.0.1.9', at(5));
    expect(await lockoutRetryAfter(f.deps.sql, 'clerk', '10.0.2.1', at(5))).toBe(0);
  });
});
