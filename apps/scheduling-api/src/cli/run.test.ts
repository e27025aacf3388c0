import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureCredentials } from '../auth/credentials.js';
import { openDataDir } from '../data-dir.js';
import { insertMessage } from '../messages/outbox.js';
import { ensureAgency } from '../seed/seed.js';
import { runCli } from './run.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

function prepared(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scheduling-cli-'));
  dirs.push(dir);
  const db = openDataDir(dir);
  ensureAgency(db);
  ensureCredentials(db, dir, null, new Date());
  const now = Date.now();
  insertMessage(
    db,
    {
      origin: 'oneoff',
      from: '+15550100100',
      to: '+1 555 010 0101',
      subject: null,
      content: 'Your code is 424242',
      scheduledAtMs: now,
    },
    now,
  );
  insertMessage(
    db,
    {
      origin: 'oneoff',
      from: 'a@court.example',
      to: 'b@court.example',
      subject: 'Later',
      content: 'See you',
      scheduledAtMs: now + 86_400_000,
    },
    now,
  );
  db.close();
  return dir;
}

describe('scheduling-api CLI', () => {
  it('prints the outbox newest first, due messages marked sent', async () => {
    const dir = prepared();
    const { code, out } = await run(['outbox', '--data', dir]);
    expect(code).toBe(0);
    expect(out.indexOf('See you')).toBeLessThan(out.indexOf('Your code is 424242'));
    expect(out).toMatch(/sent\s+sms\s+to \+1 555 010 0101/);
    expect(out).toMatch(/scheduled email to b@court\.example/);
  });

  it('prints the outbox as JSON and filters by recipient in any format', async () => {
    const dir = prepared();
    const { out } = await run(['outbox', '--data', dir, '--json', '--to', '5550100101']);
    const rows = JSON.parse(out) as { content: string; last_status: string }[];
    expect(rows).toEqual([expect.objectContaining({ content: 'Your code is 424242', last_status: 'sent' })]);
  });

  it('prints the generated credentials', async () => {
    const dir = prepared();
    const { code, out } = await run(['credentials', '--data', dir, '--json']);
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(out)).sort()).toEqual(['client_id', 'client_secret']);
  });

  it('exits 1 for a directory without a database and 2 for an unknown command', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'scheduling-cli-'));
    dirs.push(empty);
    expect((await run(['outbox', '--data', empty])).code).toBe(1);
    expect((await run(['frobnicate', '--data', empty])).code).toBe(2);
  });
});
