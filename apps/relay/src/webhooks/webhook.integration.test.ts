import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import type { WireJob } from '@amicus/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTestClient } from '../admin/testing/admin-client.js';
import { startTestRelay, type TestRelay } from '../testing.js';

// The whole loop with nothing faked: the real chatbot-api finishes an ingest job and signs a webhook,
// the real relay verifies it and pushes the job to a signed-in admin's event stream.
const SECRET = 'whsec_integration_0123456789abcdef';
let api: TestChatbotApi;
let relay: TestRelay;
let admin: AdminTestClient;

beforeAll(async () => {
  api = await startTestChatbotApi();
  relay = await startTestRelay({
    upstreamBaseUrl: api.url,
    chatKey: api.chatKey,
    ingestKey: api.ingestKey,
    allowedOrigins: ['https://court.example'],
    env: { WEBHOOK_SECRET: SECRET },
  });
  // The provider configures the destination per account; the harness exposes its database for that.
  api.deps.db
    .prepare('UPDATE accounts SET webhook_url = ?, webhook_secret = ? WHERE id = ?')
    .run(`${relay.url}/webhooks/chatbot`, SECRET, api.accountId);
  admin = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
});
afterAll(async () => {
  await relay?.close();
  await api?.close();
});

describe('upstream webhook → relay → admin SSE', () => {
  it('pushes the finished job to the event stream without any polling', async () => {
    const controller = new AbortController();
    const res = await admin.fetch('/events', { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (predicate: () => boolean) => {
      while (!predicate()) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    };
    await readUntil(() => text.includes('event: ready'));

    const form = new FormData();
    form.append('namespace', 'webhooked');
    form.append('file', new Blob(['Jury duty questions go to the jury office.']), 'jury.txt');
    const upload = await admin.upload<WireJob>(form);
    expect(upload.status).toBe(202);

    const jobFrame = () =>
      text.split('\n\n').find((f) => f.startsWith('event: job') && f.includes(upload.body.id));
    await readUntil(() => jobFrame() !== undefined);
    controller.abort();
    const job = JSON.parse(jobFrame()!.split('\ndata: ')[1]!) as WireJob;
    expect(job).toMatchObject({ id: upload.body.id, kind: 'ingest', status: 'completed' });
    expect(job.upstream).toMatchObject({ status: 'completed', namespace: 'webhooked' });

    const stored = await admin.json<{ data: WireJob[] }>('/jobs');
    expect(stored.body.data.find((j) => j.id === upload.body.id)?.status).toBe('completed');
  });
});
