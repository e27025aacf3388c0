import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../storage/sql.js';
import { type AdminFixture, startAdminFixture } from '../testing/fixture.js';
import { networkOf, recordLoginSuccess, reserveLoginAttempt } from './lockout.js';

let f: AdminFixture;
let sql: SqlClient;
beforeAll(async () => {
  f = await startAdminFixture();
  sql = f.deps.sql;
});
beforeEach(async () => {
  await sql.query('DELETE FROM admin_login_throttle');
});
afterAll(async () => {
  await f.close();
});

const t0 = new Date('2026-11-22T03:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

/** `count` tries that all fail (each reserved, none succeeding); returns how many were allowed. */
async function fail(username: string, ip: string, count: number, when: Date): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    if ((await reserveLoginAttempt(sql, username, ip, when)).allowed) allowed++;
  }
  return allowed;
}

describe('networkOf', () => {
  it('keeps IPv4 addresses apart and groups IPv6 by /56', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:100::1')).toBe(networkOf('2001:db8:1:1ff::2'));
    expect(networkOf('2001:db8:1:100::1')).not.toBe(networkOf('2001:db8:1:200::1'));
  });
});

describe('reserveLoginAttempt', () => {
  it('allows 5 failures from one network, then makes each further try wait twice as long', async () => {
    expect(await fail('clerk', '10.0.0.1', 6, at(0))).toBe(5);
    expect(await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(30))).toEqual({
      allowed: false,
      retryAfter: 30,
      scope: 'network',
    });
    expect((await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(60))).allowed).toBe(true);
    // Sixth failure at 60 s: the next try waits 2 minutes from it, then 4 after the seventh.
    expect(await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(61))).toMatchObject({ retryAfter: 119 });
    expect((await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(180))).allowed).toBe(true);
    expect(await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(181))).toMatchObject({ retryAfter: 239 });
  });

  it('caps the wait at 15 minutes and forgets a network after a quiet day', async () => {
    let now = 0;
    let failures = 0;
    let longest = 0;
    while (failures < 12) {
      const attempt = await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(now));
      if (attempt.allowed) {
        failures++;
        now += 1;
      } else {
        longest = Math.max(longest, attempt.retryAfter);
        now += attempt.retryAfter;
      }
    }
    expect(longest).toBe(899);
    expect(await reserveLoginAttempt(sql, 'clerk', '10.0.0.1', at(now))).toMatchObject({ retryAfter: 899 });
    expect(await fail('clerk', '10.0.0.1', 5, at(now + 24 * 3600 + 1))).toBe(5);
  });

  it('locks one network out without touching the same user on another network', async () => {
    await fail('admin', '203.0.113.7', 5, at(0));
    expect((await reserveLoginAttempt(sql, 'admin', '203.0.113.7', at(1))).allowed).toBe(false);
    expect((await reserveLoginAttempt(sql, 'admin', '198.51.100.20', at(1))).allowed).toBe(true);
    // The same IPv6 /56 is one network.
    await fail('admin', '2001:db8:1:100::1', 5, at(0));
    expect((await reserveLoginAttempt(sql, 'admin', '2001:db8:1:1ff::2', at(1))).allowed).toBe(false);
    expect((await reserveLoginAttempt(sql, 'admin', '2001:db8:1:200::1', at(1))).allowed).toBe(true);
  });

  it('forgives a network after a success', async () => {
    await fail('clerk', '10.0.0.1', 5, at(0));
    await recordLoginSuccess(sql, 'clerk', '10.0.0.1', at(0));
    expect(await fail('clerk', '10.0.0.1', 5, at(1))).toBe(5);
  });

  it('refuses a network that sprays usernames once it passes 30 failures, without growing the table', async () => {
    for (let i = 0; i < 30; i++) expect(await fail(`user${i}`, '10.0.0.1', 1, at(0))).toBe(1);
    const rows = await sql.query('SELECT key FROM admin_login_throttle');
    expect(await reserveLoginAttempt(sql, 'someone-else', '10.0.0.1', at(1))).toMatchObject({
      allowed: false,
      scope: 'network',
    });
    expect(await sql.query('SELECT key FROM admin_login_throttle')).toHaveLength(rows.length);
    // The bucket drains at 30 an hour: one more try fits two minutes later.
    expect((await reserveLoginAttempt(sql, 'someone-else', '10.0.0.1', at(121))).allowed).toBe(true);
  });

  it('refuses unfamiliar networks past 100 failures for one username, but not a network that signed in before', async () => {
    await recordLoginSuccess(sql, 'admin', '198.51.100.20', at(0));
    for (let i = 0; i < 25; i++) await fail('admin', `203.0.113.${i}`, 4, at(1));
    expect(await reserveLoginAttempt(sql, 'admin', '192.0.2.1', at(2))).toMatchObject({
      allowed: false,
      scope: 'username',
    });
    expect((await reserveLoginAttempt(sql, 'admin', '198.51.100.20', at(2))).allowed).toBe(true);
  });
});
