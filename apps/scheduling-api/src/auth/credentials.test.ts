import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialsFile, openDataDir } from '../data-dir.js';
import { ensureCredentials } from './credentials.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'scheduling-creds-'));
  dirs.push(d);
  return d;
}

describe('ensureCredentials', () => {
  it('generates a client id and secret into a 0600 file on first start, and reuses them later', () => {
    const dir = dataDir();
    const db = openDataDir(dir);
    const first = ensureCredentials(db, dir, null, new Date());
    expect(first.created).toBe(true);
    expect(statSync(credentialsFile(dir)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(credentialsFile(dir), 'utf8'));
    expect(saved).toEqual({
      client_id: first.credentials.clientId,
      client_secret: first.credentials.clientSecret,
    });
    const second = ensureCredentials(db, dir, null, new Date());
    expect(second.created).toBe(false);
    expect(second.credentials).toEqual(first.credentials);
    db.close();
  });

  it('stores only a hash of the secret in the database', () => {
    const dir = dataDir();
    const db = openDataDir(dir);
    const { credentials } = ensureCredentials(db, dir, null, new Date());
    const row = db
      .prepare('SELECT secret_hash FROM api_clients WHERE client_id = ?')
      .get(credentials.clientId) as {
      secret_hash: string;
    };
    expect(row.secret_hash).not.toContain(credentials.clientSecret);
    db.close();
  });

  it('uses configured credentials and writes no file', () => {
    const dir = dataDir();
    const db = openDataDir(dir);
    const configured = { clientId: 'court-relay', clientSecret: 'configured-secret-123' };
    const result = ensureCredentials(db, dir, configured, new Date());
    expect(result).toMatchObject({ credentials: configured, file: null, created: false });
    expect(() => statSync(credentialsFile(dir))).toThrow();
    db.close();
  });
});
