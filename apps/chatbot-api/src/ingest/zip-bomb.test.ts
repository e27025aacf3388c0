import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocxWith, makeXlsxWith, sheetRows } from '../../test/fixtures/deflated-zip.js';
import type { Json } from '../../test/fixtures/json.js';
import { multipartBody } from '../../test/fixtures/multipart.js';
import { openDataDir } from '../data-dir.js';
import { insertDocument } from '../knowledge/store.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { attemptsPath, MAX_ATTEMPTS, TOO_MANY_ATTEMPTS } from './attempts.js';
import { createJob } from './jobs.js';
import { CONTENT_TYPES } from './parsers/index.js';

/*
 * Issue 10, item 1: a 56 KB DOCX whose document.xml inflated to hundreds of MB took the API down,
 * and again after every restart. Replayed over HTTP against the real server.
 */

const MiB = 1024 * 1024;
const DOCX = CONTENT_TYPES['.docx'];

async function upload(api: TestChatbotApi, filename: string, data: Buffer): Promise<Json> {
  const { body, contentType } = multipartBody([{ name: 'file', filename, data }]);
  const res = await fetch(`${api.url}/ingest/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': contentType },
    body,
  });
  expect(res.status).toBe(202);
  return (await res.json()) as Json;
}

async function getJson(url: string, key: string): Promise<Json> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return (await res.json()) as Json;
}

async function waitForJob(baseUrl: string, key: string, id: string): Promise<Json> {
  for (let i = 0; i < 400; i++) {
    const job = await getJson(`${baseUrl}/ingest/jobs/${id}`, key);
    if (job.status !== 'processing') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('job did not finish');
}

/** /health and a chat answer, each timed: the API must keep serving the public meanwhile. */
async function publicStillServed(api: TestChatbotApi): Promise<void> {
  const started = performance.now();
  const health = await fetch(`${api.serverUrl}/health`);
  expect(health.status).toBe(200);
  const chat = await fetch(`${api.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.chatKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'When is the clerk office open?' }] }),
  });
  expect(chat.status).toBe(200);
  await chat.json();
  // Loose: a blocked event loop (the old synchronous inflation) took seconds.
  expect(performance.now() - started).toBeLessThan(3000);
}

describe('zip bombs uploaded to POST /v1/ingest/files', () => {
  let api: TestChatbotApi;
  beforeAll(async () => {
    api = await startTestChatbotApi();
  });
  afterAll(() => api.close());

  it('fails a small DOCX whose document.xml inflates to 300 MB, and the API keeps answering', async () => {
    const bomb = makeDocxWith([{ zeros: 300 * MiB }]);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const { job_id, document_ids } = await upload(api, 'bomb.docx', bomb);
    await publicStillServed(api);
    const job = await waitForJob(api.url, api.ingestKey, job_id);
    expect(job).toMatchObject({ status: 'failed', counts: { total: 1, failed: 1 } });
    const doc = await getJson(`${api.url}/documents/${document_ids[0]}`, api.ingestKey);
    expect(doc).toMatchObject({ status: 'failed', chunk_count: 0 });
    expect(doc.error).toBe(
      'The file is refused: its packed parts would expand to more than 200 MB, as zip bombs do.',
    );
    await publicStillServed(api);
  });

  it('fails an XLSX whose sheet is packed more than 100:1, and the API keeps answering', async () => {
    const { job_id } = await upload(api, 'bomb.xlsx', makeXlsxWith([{ zeros: 50 * MiB }]));
    await publicStillServed(api);
    const job = await waitForJob(api.url, api.ingestKey, job_id);
    expect(job.status).toBe('failed');
    expect(job.errors[0].error).toBe(
      'The file is refused: its packed parts expand more than 100 times, as zip bombs do.',
    );
  });

  it('fails a DOCX whose directory declares 4 KB for a part that inflates to 300 MB', async () => {
    const liar = makeDocxWith([{ zeros: 300 * MiB }], { declaredSize: 4096 });
    const { job_id } = await upload(api, 'liar.docx', liar);
    await publicStillServed(api);
    const job = await waitForJob(api.url, api.ingestKey, job_id);
    expect(job.status).toBe('failed');
    expect(job.errors[0].error).toBe(
      'The file is refused: its packed parts expand to more than they declare, as zip bombs do.',
    );
  });

  it('fails a parse that runs past the time limit, and indexes the next file', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => [`Case ${i}`, `Room ${i % 12}`]);
    api.deps.parseLimits = { timeoutMs: 50 };
    try {
      const { job_id } = await upload(api, 'slow.xlsx', makeXlsxWith([sheetRows(rows)]));
      const job = await waitForJob(api.url, api.ingestKey, job_id);
      expect(job.status).toBe('failed');
      expect(job.errors[0].error).toBe(
        'Reading the file took longer than 50 ms; it was stopped and not indexed.',
      );
    } finally {
      delete api.deps.parseLimits;
    }
    const next = await upload(
      api,
      'fees.xlsx',
      makeXlsxWith([
        sheetRows([
          ['Fee', 'Amount'],
          ['Appeal', '120'],
        ]),
      ]),
    );
    expect((await waitForJob(api.url, api.ingestKey, next.job_id)).status).toBe('completed');
  });

  it('fails a parse that exhausts the worker heap, without harm to the API', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => [`Case ${i}`, `Room ${i % 12}`, `Judge ${i}`]);
    api.deps.parseLimits = { maxHeapMb: 8 };
    try {
      const { job_id } = await upload(api, 'heavy.xlsx', makeXlsxWith([sheetRows(rows)]));
      const job = await waitForJob(api.url, api.ingestKey, job_id);
      expect(job.status).toBe('failed');
      expect(job.errors[0].error).toBe(
        'Reading the file needed more than the 8 MB of memory allowed; it was stopped and not indexed.',
      );
    } finally {
      delete api.deps.parseLimits;
    }
    await publicStillServed(api);
  });
});

describe('a zip bomb spooled when the server restarts', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'amicus-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** What a process killed while indexing leaves: a processing document with its spooled file. */
  function leaveSpooled(accountId: string, data: Buffer, attempts: number): { jobId: string; docId: string } {
    const db = openDataDir(dataDir);
    try {
      const docId = randomUUID();
      const jobId = createJob(
        db,
        {
          accountId,
          kind: 'ingest',
          namespace: 'general',
          counts: { total: 1, processed: 0, succeeded: 0, failed: 0 },
          documentIds: [docId],
        },
        new Date(),
      );
      const spoolPath = join(dataDir, 'uploads', `${docId}.upload`);
      mkdirSync(join(dataDir, 'uploads'), { recursive: true });
      writeFileSync(spoolPath, data);
      if (attempts > 0) writeFileSync(attemptsPath(spoolPath), String(attempts));
      insertDocument(
        db,
        {
          id: docId,
          accountId,
          jobId,
          namespace: 'general',
          filename: 'bomb.docx',
          title: null,
          sourceType: 'upload',
          sourceUrl: null,
          bytes: data.length,
          contentType: DOCX,
          contentHash: docId,
          spoolPath,
        },
        new Date(),
      );
      return { jobId, docId };
    } finally {
      db.close();
    }
  }

  it('fails the bomb at start instead of parsing it, and never takes it up again', async () => {
    const first = await startTestChatbotApi({ dataDir });
    const { ingestKey } = first;
    await first.close();
    const bomb = leaveSpooled(first.accountId, makeDocxWith([{ zeros: 300 * MiB }]), 1);
    // Interrupted as often as allowed already (say, the old parser took the process down twice).
    const crasher = leaveSpooled(first.accountId, makeDocxWith(['Jury duty']), MAX_ATTEMPTS);

    const second = await startTestChatbotApi({ dataDir });
    await second.idle();
    const restartedUrl = second.url;
    expect(await getJson(`${restartedUrl}/ingest/jobs/${bomb.jobId}`, ingestKey)).toMatchObject({
      status: 'failed',
      errors: [{ document_id: bomb.docId, error: expect.stringContaining('as zip bombs do') }],
    });
    expect(await getJson(`${restartedUrl}/ingest/jobs/${crasher.jobId}`, ingestKey)).toMatchObject({
      status: 'failed',
      errors: [{ document_id: crasher.docId, error: TOO_MANY_ATTEMPTS }],
    });
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([]);
    expect((await fetch(`${second.serverUrl}/health`)).status).toBe(200);
    await second.close();

    const third = await startTestChatbotApi({ dataDir });
    await third.idle();
    const doc = await getJson(`${third.url}/documents/${crasher.docId}`, ingestKey);
    expect(doc).toMatchObject({ status: 'failed', error: TOO_MANY_ATTEMPTS });
    await third.close();
  });
});
