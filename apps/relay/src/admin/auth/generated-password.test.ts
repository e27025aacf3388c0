import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEST_KEY } from '../testing/fixture.js';

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '..', '..', 'main.ts');

/** Runs the relay's real entry point until it is listening; returns everything it printed. */
async function startOnce(dataDir: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: here,
    // A clean environment: an inherited ADMIN_PASSWORD would skip the generation under test.
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1',
      UPSTREAM_CHAT_KEY: TEST_KEY,
      UPSTREAM_INGEST_KEY: TEST_KEY,
      DATABASE_URL: 'memory:',
      EMBEDDED_DATA_DIR: dataDir,
      // Logs go to stdout too: they must not carry the password either.
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`relay did not start:\n${output}`)), 25_000);
      child.once('exit', (code) => reject(new Error(`relay exited with ${code}:\n${output}`)));
      child.stdout.on('data', () => {
        // main.ts prints this line once the relay is listening and the user exists.
        if (/Admin sign-in.*\n/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    child.removeAllListeners('exit');
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
  return output;
}

describe('the generated admin password', () => {
  it('is written to a 0600 file in the data directory and only that path is printed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'amicus-main-'));
    try {
      const output = await startOnce(dataDir);
      const file = join(dataDir, 'admin-password');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[\w-]{24}$/);
      expect(output).toContain(file);
      expect(output).not.toContain(password);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
