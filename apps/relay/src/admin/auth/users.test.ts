import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminFixture, startAdminFixture } from '../testing/fixture.js';
import { adminPasswordFile, ensureAdminUser } from './users.js';

let f: AdminFixture;
beforeAll(async () => {
  f = await startAdminFixture({ env: { ADMIN_PASSWORD: '', ADMIN_USER: 'clerk' } });
});
afterAll(async () => {
  await f.close();
});

describe('ensureAdminUser', () => {
  it('generated a random password at first start, stores only its scrypt hash, and points to its file', async () => {
    // The fixture already ran the first start; a second call must not create or reveal anything.
    expect(await ensureAdminUser(f.deps)).toEqual({
      created: false,
      passwordFile: adminPasswordFile(f.deps),
    });
    const rows = await f.deps.sql.query<{ username: string; password_hash: string }>(
      'SELECT * FROM admin_users',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.username).toBe('clerk');
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  });

  it('creates the user on an empty database and writes the password that then signs in to a 0600 file', async () => {
    await f.deps.sql.query('DELETE FROM admin_users');
    const result = await ensureAdminUser(f.deps);
    expect(result).toEqual({ created: true, passwordFile: adminPasswordFile(f.deps) });
    expect(statSync(result.passwordFile!).mode & 0o777).toBe(0o600);
    const password = readFileSync(result.passwordFile!, 'utf8').trim();
    expect(password).toMatch(/^[\w-]{24}$/);
    const stored = await f.deps.sql.query<{ password_hash: string }>('SELECT password_hash FROM admin_users');
    expect(stored[0]?.password_hash).not.toContain(password);
    const res = await fetch(`${f.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: f.origin },
      body: JSON.stringify({ username: 'clerk', password }),
    });
    expect(res.status).toBe(200);
  });

  it('removes the generated password file once ADMIN_PASSWORD is set', async () => {
    const g = await startAdminFixture();
    try {
      writeFileSync(adminPasswordFile(g.deps), 'stale\n');
      expect(await ensureAdminUser(g.deps)).toEqual({ created: false });
      expect(existsSync(adminPasswordFile(g.deps))).toBe(false);
    } finally {
      await g.close();
    }
  });
});

describe('audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE at the database level', async () => {
    await f.login('wrong');
    await expect(f.deps.sql.query("UPDATE admin_audit_log SET result = 'success'")).rejects.toThrow(
      /append-only/,
    );
    await expect(f.deps.sql.query('DELETE FROM admin_audit_log')).rejects.toThrow(/append-only/);
    await expect(f.deps.sql.query('TRUNCATE admin_audit_log')).rejects.toThrow(/append-only/);
  });
});
