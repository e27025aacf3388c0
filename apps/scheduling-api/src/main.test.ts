import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain, startMain } from '@amicus/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credentialsFile } from './data-dir.js';

const main = join(import.meta.dirname, 'main.ts');
let dataDir = '';
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'scheduling-main-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('scheduling-api main', () => {
  it('exits 2 with one line naming the bad setting', async () => {
    const outcome = await runMain(main, { SEED_DEMO: 'maybe', DATA_DIR: dataDir });
    expect(outcome.code).toBe(2);
    expect(outcome.output).toMatch(/^scheduling-api: .*SEED_DEMO.*\n$/);
  }, 60_000);

  it('creates its credentials on first start, serves, and exits 0 on SIGTERM', async () => {
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const api = await startMain(main, env);
    try {
      expect(api.output()).toContain(
        `scheduling-api: created API client credentials in ${credentialsFile(dataDir)}`,
      );
      expect(api.output()).toContain(`scheduling-api listening on ${api.origin} (API base ${api.origin}/v1`);
      expect(await (await fetch(`${api.origin}/health`)).json()).toEqual({ status: 'ok' });
    } finally {
      expect(await api.stop('SIGTERM')).toBe(0);
    }
  }, 60_000);
});
