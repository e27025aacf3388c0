import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain, startMain } from '@amicus/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile } from './data-dir.js';

const main = join(import.meta.dirname, 'main.ts');
let dataDir = '';
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'chatbot-main-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Status and body of a POST whose Content-Length Node's parser rejects before Express sees it. */
function postWithBadLength(origin: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/v1/conversations`, {
      method: 'POST',
      headers: { 'Content-Length': 'ten' },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('chatbot-api main', () => {
  it('exits 2 with one line naming the bad setting, before opening any data', async () => {
    const { code, output } = await runMain(main, { PORT: '70000', DATA_DIR: dataDir });
    expect({ code, output }).toEqual({
      code: 2,
      output: 'chatbot-api: PORT must be an integer from 0 to 65535, got "70000".\n',
    });
    expect(existsSync(databaseFile(dataDir))).toBe(false);
  }, 60_000);

  it('answers parser errors with the envelope and exits 0 on SIGTERM', async () => {
    const api = await startMain(main, {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    try {
      expect(api.output()).toContain(
        `chatbot-api listening on ${api.origin} (API base ${api.origin}/v1, data ${dataDir})`,
      );
      const { status, text } = await postWithBadLength(api.origin);
      expect(status).toBe(400);
      expect(JSON.parse(text)).toMatchObject({
        error: { type: 'invalid_request_error', param: null, code: null },
      });
    } finally {
      expect(await api.stop('SIGTERM')).toBe(0);
    }
  }, 60_000);
});
