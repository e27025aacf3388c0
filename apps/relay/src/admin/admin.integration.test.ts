import { readFileSync } from 'node:fs';
import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import { ChatbotClient } from '@amicus/chatbot-client';
import type { WireJob } from '@amicus/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../testing.js';
import { AdminTestClient } from './testing/admin-client.js';
import { startAdminFixture } from './testing/fixture.js';

// The in-repo copy of ../shared/fixtures/ada-site, so a fresh clone's tests do not depend on where shared/ is.
const ADA_SITE = new URL('../../../chatbot-api/test/fixtures/ada-site/', import.meta.url);

// Real chatbot-api, real relay, real HTTP: the path a court's staff member takes.
let api: TestChatbotApi;
let relay: TestRelay;
let admin: AdminTestClient;
let upstream: ChatbotClient;
const PDF = readFileSync(new URL('assets/pdfs/web-guidance.pdf', ADA_SITE));

beforeAll(async () => {
  api = await startTestChatbotApi();
  relay = await startTestRelay({
    upstreamBaseUrl: api.url,
    chatKey: api.chatKey,
    ingestKey: api.ingestKey,
    allowedOrigins: ['https://court.example'],
  });
  admin = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
  upstream = new ChatbotClient({ baseUrl: api.url, apiKey: api.ingestKey });
});
afterAll(async () => {
  await relay?.close();
  await api?.close();
});

async function waitForJob(id: string): Promise<WireJob> {
  for (let i = 0; i < 150; i++) {
    const { body } = await admin.json<WireJob>(`/jobs/${id}`);
    if (body.status !== 'processing') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} still processing`);
}

async function upstreamNames(namespace: string): Promise<string[]> {
  const page = await upstream.listDocuments({ namespace, limit: 1000 });
  return page.data.map((d) => String(d.filename));
}

describe('admin uploads through the real relay to the real chatbot-api', () => {
  it('streams several real files through; the documents appear upstream and become ready', async () => {
    const form = new FormData();
    form.append('namespace', 'court-forms');
    form.append('file', new Blob(['The clerk office opens at 8:30 on weekdays.']), 'hours.txt');
    form.append('file', new Blob(['# Fees\n\nFiling a small claim costs 45 dollars.']), 'fees.md');
    form.append('file', new Blob(['form,name\nSC-100,Plaintiff claim\n']), 'forms.csv');
    form.append(
      'file',
      new Blob(['<html><body><h1>Parking</h1><p>Free parking on Elm St.</p></body></html>']),
      'parking.html',
    );
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'web-guidance.pdf');
    const { status, body } = await admin.upload<WireJob>(form);
    expect(status).toBe(202);
    expect(body).toMatchObject({
      kind: 'ingest',
      namespace: 'court-forms',
      status: 'processing',
      created_by: 'admin',
    });
    expect(body.document_ids).toHaveLength(5);
    const job = await waitForJob(body.id);
    expect(job.status).toBe('completed');
    expect((await upstreamNames('court-forms')).sort()).toEqual(
      ['fees.md', 'forms.csv', 'hours.txt', 'parking.html', 'web-guidance.pdf'].sort(),
    );
    const jobs = await admin.json<{ data: WireJob[] }>('/jobs');
    expect(jobs.body.data.some((j) => j.id === body.id && j.status === 'completed')).toBe(true);
  });

  it('reports a .pdf that is not a PDF with the upstream reason and stores nothing', async () => {
    const form = new FormData();
    form.append('namespace', 'bad-upload');
    form.append('file', new Blob(['fine text']), 'fine.txt');
    form.append('file', new Blob(['this is not a pdf']), 'fake.pdf');
    const { status, body } = await admin.upload<{
      error: { code: string; files: { index: number; code: string }[] };
    }>(form);
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_files');
    expect(body.error.files).toMatchObject([{ index: 1, code: 'rejected_upstream' }]);
    expect(await upstreamNames('bad-upload')).toEqual([]);
  });

  it('aborts the upstream request when a later file is rejected, so the earlier good file is not stored', async () => {
    const form = new FormData();
    form.append('namespace', 'aborted-upload');
    form.append('file', new Blob(['x'.repeat(200_000)]), 'large-but-fine.txt');
    form.append('file', new Blob(['MZ']), 'virus.exe');
    const { status, body } = await admin.upload<{ error: { files: { code: string }[] } }>(form);
    expect(status).toBe(400);
    expect(body.error.files).toMatchObject([{ code: 'extension_not_allowed' }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await upstreamNames('aborted-upload')).toEqual([]);
  });
});

describe('upload interrupted by the browser', () => {
  it('aborts the upstream request when the admin goes away mid-upload, storing nothing', async () => {
    const boundary = 'interrupt-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="namespace"\r\n\r\ninterrupted\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partial.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        if (sent === 0) stream.enqueue(new TextEncoder().encode(head));
        else stream.enqueue(new Uint8Array(64 * 1024).fill(97));
        sent++;
        if (sent === 20) controller.abort();
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const request = admin.fetch('/uploads', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit);
    await expect(request).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 300));
    expect(await upstreamNames('interrupted')).toEqual([]);
    // The relay is still fine afterwards.
    expect((await admin.json('/jobs')).status).toBe(200);
  });
});

describe('upload size cap', () => {
  it('cuts off an oversize file under a small configured cap, with nothing stored upstream', async () => {
    const small = await startAdminFixture({
      upstreamBaseUrl: api.url,
      ingestKey: api.ingestKey,
      env: { ADMIN_UPLOAD_MAX_FILE_BYTES: String(64 * 1024) },
    });
    try {
      const client = await new AdminTestClient(small.origin).login('admin', 'correct horse battery staple');
      const form = new FormData();
      form.append('namespace', 'oversize');
      form.append('file', new Blob(['small and fine']), 'small.txt');
      form.append('file', new Blob(['y'.repeat(300 * 1024)]), 'huge.txt');
      form.append('file', new Blob(['after the big one']), 'after.txt');
      const { status, body } = await client.upload<{
        error: { files: { index: number; code: string; reason: string }[] };
      }>(form);
      expect(status).toBe(400);
      expect(body.error.files).toEqual([
        { index: 1, filename: 'huge.txt', code: 'file_too_large', reason: '"huge.txt" is over 64 KiB.' },
      ]);
      await new Promise((r) => setTimeout(r, 200));
      expect(await upstreamNames('oversize')).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('admin documents', () => {
  it('lists with filters and name search, gets, deletes and bulk-deletes', async () => {
    const form = new FormData();
    form.append('namespace', 'docs-test');
    for (const name of ['alpha-notice.txt', 'beta-notice.txt', 'gamma.txt', 'delta.txt']) {
      form.append('file', new Blob([`Contents of ${name} for the docs test.`]), name);
    }
    const upload = await admin.upload<WireJob>(form);
    await waitForJob(upload.body.id);

    const page1 = await admin.json<{ data: { id: string }[]; has_more: boolean; next_cursor: string }>(
      '/documents?namespace=docs-test&limit=3',
    );
    expect(page1.body.data).toHaveLength(3);
    expect(page1.body.has_more).toBe(true);
    const page2 = await admin.json<{ data: { id: string }[]; has_more: boolean }>(
      `/documents?namespace=docs-test&limit=3&after=${page1.body.next_cursor}`,
    );
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.has_more).toBe(false);

    const search = await admin.json<{ data: { filename: string }[] }>(
      '/documents?namespace=docs-test&q=NOTICE',
    );
    expect(search.body.data.map((d) => d.filename).sort()).toEqual(['alpha-notice.txt', 'beta-notice.txt']);
    // Search pages resume the scan where the previous page stopped.
    type Page = { data: { filename: string }[]; has_more: boolean; next_cursor: string | null };
    const first = await admin.json<Page>('/documents?namespace=docs-test&q=notice&limit=1');
    expect(first.body.data).toHaveLength(1);
    expect(first.body.has_more).toBe(true);
    const second = await admin.json<Page>(
      `/documents?namespace=docs-test&q=notice&limit=1&after=${first.body.next_cursor}`,
    );
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0]?.filename).not.toBe(first.body.data[0]?.filename);
    if (second.body.has_more) {
      const third = await admin.json<Page>(
        `/documents?namespace=docs-test&q=notice&limit=1&after=${second.body.next_cursor}`,
      );
      expect(third.body).toMatchObject({ data: [], has_more: false, next_cursor: null });
    }
    const ready = await admin.json<{ data: unknown[] }>('/documents?namespace=docs-test&status=ready');
    expect(ready.body.data).toHaveLength(4);
    expect((await admin.json('/documents?limit=0')).status).toBe(400);

    const [a, b, c] = upload.body.document_ids!;
    const one = await admin.json<{ id: string; filename: string }>(`/documents/${a}`);
    expect(one.body.id).toBe(a);
    const del = await admin.json<{ deleted: boolean; chunks_deleted: number }>(`/documents/${a}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ deleted: true });
    expect(del.body.chunks_deleted).toBeGreaterThan(0);
    expect((await admin.json(`/documents/${a}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.json(`/documents/${a}`)).status).toBe(404);

    const bulk = await admin.send<{ results: { id: string; deleted: boolean }[]; chunks_deleted: number }>(
      'POST',
      '/documents/bulk-delete',
      { ids: [b, c, a] },
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.results.map((r) => r.deleted)).toEqual([true, true, false]);
    expect(bulk.body.chunks_deleted).toBeGreaterThan(0);
    expect((await upstreamNames('docs-test')).length).toBe(1);

    const namespaces = await admin.json<{ data: { name: string }[] }>('/namespaces');
    expect(namespaces.body.data.map((n) => n.name)).toEqual(expect.arrayContaining(['docs-test', 'general']));
  });
});

describe('admin audit log', () => {
  it('has an entry for each action, filterable by action and actor', async () => {
    const all = await admin.json<{ data: { action: string; result: string }[] }>(
      '/audit?actor=admin&limit=500',
    );
    const actions = new Set(all.body.data.map((e) => `${e.action}:${e.result}`));
    for (const expected of [
      'auth.login:success',
      'upload.create:success',
      'upload.create:failure',
      'document.delete:success',
      'document.delete:failure',
      'document.bulk_delete:failure',
    ]) {
      expect(actions).toContain(expected);
    }
    const deletes = await admin.json<{ data: { action: string; target: string }[] }>(
      '/audit?action=document.delete',
    );
    expect(deletes.body.data.every((e) => e.action === 'document.delete')).toBe(true);
    const future = await admin.json<{ data: unknown[] }>(
      `/audit?from=${new Date(Date.now() + 60_000).toISOString()}`,
    );
    expect(future.body.data).toEqual([]);
  });
});

describe('allowed origins', () => {
  it('stores origins and the widget API accepts them at once (effective = config ∪ DB)', async () => {
    const put = await admin.send<{ effective: string[]; stored: string[] }>('PUT', '/settings/origins', {
      origins: ['https://Www.Other-Court.example/'],
    });
    expect(put.status).toBe(200);
    expect(put.body.stored).toEqual(['https://www.other-court.example']);
    // The relay's own origin (no PUBLIC_URL here: the address it was reached at) is always listed.
    expect(put.body.effective).toEqual(
      [relay.url, 'https://court.example', 'https://www.other-court.example'].sort(),
    );
    expect(
      (await admin.send('PUT', '/settings/origins', { origins: ['https://x.example/path'] })).status,
    ).toBe(400);
  });

  it('lets the widget API accept a stored origin within seconds', async () => {
    const createSession = () =>
      fetch(`${relay.url}/api/sessions`, {
        method: 'POST',
        headers: { origin: 'https://www.other-court.example', 'content-type': 'application/json' },
        body: '{}',
      });
    let status = (await createSession()).status;
    for (let i = 0; i < 40 && status === 403; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await createSession()).status;
    }
    expect(status).toBeLessThan(300);
  });
});
