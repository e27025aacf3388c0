import type { ConversationView, StreamEventMap } from '@amicus/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTestClient } from '../src/admin/testing/admin-client.js';
import { readEvents, widgetApi } from './helpers.js';
import { startStack } from './stack.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let admin: AdminTestClient;
let documentId: string;

const PUBLIC_URL = 'https://court.example/forms/fee-waiver.pdf';

beforeAll(async () => {
  stack = await startStack({ relay: { env: { TRANSCRIPTS: 'true' } } });
  admin = await new AdminTestClient(stack.relay.url).login('admin', 'test-admin-password');
  const form = new FormData();
  form.append('namespace', 'general');
  form.append(
    'file',
    new Blob(['Fee waiver. A fee waiver request costs nothing: file form FW-001 at the clerk office.']),
    'fw-001_scan.txt',
  );
  const { body } = await admin.upload<{ id: string; document_ids: string[] }>(form);
  documentId = body.document_ids[0] as string;
  for (let i = 0; i < 150; i++) {
    const job = await admin.json<{ status: string }>(`/jobs/${body.id}`);
    if (job.body.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(() => stack?.close());

async function ask() {
  const api = widgetApi(stack.relay.url);
  const token = await api.session();
  const id = await api.conversation(token);
  const events = await readEvents(await api.ask(token, id, 'How much does a fee waiver request cost?'));
  const done = events.at(-1) as { event: string; data: StreamEventMap['done'] };
  expect(done.event).toBe('done');
  const citation = done.data.message.citations.find((c) => c.documentId === documentId);
  expect(citation).toBeDefined();
  return { api, token, id, citation };
}

describe('public links of uploaded documents', () => {
  it('cites an uploaded file without a link until staff give it one', async () => {
    const { citation } = await ask();
    expect(citation?.url).toBeNull();
  });

  it('links citations to the address staff set, under their title, in the stream and in reads', async () => {
    const saved = await admin.send('PUT', `/documents/${documentId}/link`, {
      url: PUBLIC_URL,
      title: 'Fee waiver form (FW-001)',
    });
    expect(saved).toEqual({
      status: 200,
      body: { document_id: documentId, url: PUBLIC_URL, title: 'Fee waiver form (FW-001)' },
    });
    const { api, token, id, citation } = await ask();
    expect(citation).toMatchObject({ url: PUBLIC_URL, title: 'Fee waiver form (FW-001)' });
    const view = (await (await api.call(`/api/conversations/${id}`, { token })).json()) as ConversationView;
    expect(view.messages[1]?.citations.find((c) => c.documentId === documentId)).toMatchObject({
      url: PUBLIC_URL,
    });

    // The admin API shows the link with the document, in the list and alone.
    const one = await admin.json<{ public_link: unknown }>(`/documents/${documentId}`);
    expect(one.body.public_link).toEqual({ url: PUBLIC_URL, title: 'Fee waiver form (FW-001)' });
    const list = await admin.json<{ data: { id: string; public_link: unknown }[] }>('/documents');
    expect(list.body.data.find((d) => d.id === documentId)?.public_link).toMatchObject({ url: PUBLIC_URL });
    const audit = await admin.json<{ data: { action: string; target: string }[] }>(
      '/audit?action=document.link',
    );
    expect(audit.body.data[0]).toMatchObject({ action: 'document.link', target: documentId });
  });

  it('clears the link when both fields are empty', async () => {
    await admin.send('PUT', `/documents/${documentId}/link`, { url: PUBLIC_URL, title: null });
    expect((await admin.send('PUT', `/documents/${documentId}/link`, { url: '', title: '' })).status).toBe(
      200,
    );
    expect((await admin.json(`/documents/${documentId}/link`)).body).toEqual({
      document_id: documentId,
      url: null,
      title: null,
    });
    const { citation } = await ask();
    expect(citation?.url).toBeNull();
  });

  it('answers 400 naming the field for an unsafe or malformed link', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: 'ftp://court.example/form.pdf' }, 'url'],
      [{ url: 'https://user:secret@court.example/form.pdf' }, 'url'],
      [{ url: 'court.example/form.pdf' }, 'url'],
      [{ url: `https://court.example/${'a'.repeat(2050)}` }, 'url'],
      [{ url: 5 }, 'url'],
      [{ title: 'Fee\u0000waiver' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: ['a'] }, 'title'],
    ];
    for (const [body, param] of cases) {
      const res = await admin.send<{ error: { param: string } }>(
        'PUT',
        `/documents/${documentId}/link`,
        body,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.param).toBe(param);
    }
  });

  it('answers 404 for an unknown or malformed document id, and 401 without a session', async () => {
    const unknown = await admin.send('PUT', '/documents/3f2b7c1e-0000-4000-8000-000000000000/link', {
      url: PUBLIC_URL,
    });
    expect(unknown.status).toBe(404);
    expect((await admin.send('PUT', '/documents/not-an-id/link', { url: PUBLIC_URL })).status).toBe(404);
    const anonymous = await fetch(`${admin.base}/documents/${documentId}/link`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: stack.relay.url },
      body: JSON.stringify({ url: PUBLIC_URL }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('audit entries of deletions name the documents', () => {
  it('records the file name of a deleted document and of each in a bulk delete', async () => {
    const form = new FormData();
    form.append('namespace', 'names');
    form.append('file', new Blob(['Jury duty can be postponed once.']), 'jury-postpone.txt');
    form.append('file', new Blob(['Small claims are filed at window 3.']), 'small-claims.txt');
    form.append('file', new Blob(['Parking is free on Elm Street.']), 'parking.txt');
    const { body } = await admin.upload<{ id: string; document_ids: string[] }>(form);
    for (let i = 0; i < 150; i++) {
      if ((await admin.json<{ status: string }>(`/jobs/${body.id}`)).body.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [one, two, three] = body.document_ids as [string, string, string];
    expect((await admin.fetch(`/documents/${one}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin.send('POST', '/documents/bulk-delete', { ids: [two, three] })).status).toBe(200);
    const single = await admin.json<{ data: { detail: { name?: string } }[] }>(
      '/audit?action=document.delete',
    );
    expect(single.body.data[0]?.detail.name).toBe('jury-postpone.txt');
    const bulk = await admin.json<{ data: { detail: { names?: Record<string, string> } }[] }>(
      '/audit?action=document.bulk_delete',
    );
    expect(bulk.body.data[0]?.detail.names).toEqual({ [two]: 'small-claims.txt', [three]: 'parking.txt' });
  });
});
