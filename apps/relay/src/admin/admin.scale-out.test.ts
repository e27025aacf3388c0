import { randomBytes } from 'node:crypto';
import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import type { WireJob } from '@amicus/protocol/admin';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../testing.js';
import { listAudit } from './audit.js';
import { AdminTestClient } from './testing/admin-client.js';

// Two relays on one real PostgreSQL (as behind a load balancer): admin sessions, the audit log and
// job events must work whichever instance a request or a webhook lands on.
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `admin_test_${randomBytes(6).toString('hex')}`;
const SECRET = 'whsec_scale_out_0123456789abcdef';
let api: TestChatbotApi;
let a: TestRelay;
let b: TestRelay;

beforeAll(async () => {
  api = await startTestChatbotApi();
  const start = () =>
    startTestRelay({
      upstreamBaseUrl: api.url,
      chatKey: api.chatKey,
      ingestKey: api.ingestKey,
      allowedOrigins: ['https://court.example'],
      env: {
        DATABASE_URL,
        DATABASE_SCHEMA: SCHEMA,
        SESSION_SECRET: 'shared-secret-for-the-admin-scale-out-test-0123',
        WEBHOOK_SECRET: SECRET,
        // So the lockout tests can speak from several client addresses.
        TRUST_PROXY: '1',
      },
    });
  [a, b] = await Promise.all([start(), start()]);
  // Webhooks land on A only.
  api.deps.db
    .prepare('UPDATE accounts SET webhook_url = ?, webhook_secret = ? WHERE id = ?')
    .run(`${a.url}/webhooks/chatbot`, SECRET, api.accountId);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await api?.close();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await client.end();
});

describe('admin API on two relays sharing PostgreSQL', () => {
  it('shares sessions, and pushes a job finished via a webhook on A to an event stream on B', async () => {
    const onA = await new AdminTestClient(a.url).login('admin', 'test-admin-password');
    // The session made on A works on B (same cookie and CSRF token; Origin is B's own).
    const onB = onA.on(b.url);
    expect((await onB.json('/session')).body).toMatchObject({ authenticated: true });

    const controller = new AbortController();
    const res = await onB.fetch('/events', { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += chunk.value;
      }
    };
    await readUntil(() => text.includes('event: ready'));

    const form = new FormData();
    form.append('namespace', 'scaled');
    form.append('file', new Blob(['Court holidays are listed on the calendar page.']), 'holidays.txt');
    const upload = await onB.upload<WireJob>(form);
    expect(upload.status).toBe(202);

    const frame = () =>
      text.split('\n\n').find((f) => f.startsWith('event: job') && f.includes('"completed"'));
    await readUntil(() => frame() !== undefined);
    controller.abort();
    expect(JSON.parse(frame()!.split('\ndata: ')[1]!)).toMatchObject({
      id: upload.body.id,
      status: 'completed',
    });

    const audit = await onA.json<{ data: { action: string }[] }>('/audit?action=upload.create');
    expect(audit.body.data).toHaveLength(1);
  });

  it('checks at most 5 of 200 concurrent wrong passwords sent to both relays', async () => {
    const login = (relay: TestRelay, password: string, ip: string) =>
      fetch(`${relay.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: relay.url, 'x-forwarded-for': ip },
        body: JSON.stringify({ username: 'admin', password }),
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    const { data: before } = await listAudit(a.deps.sql, { limit: 1 });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(i % 2 ? a : b, `wrong-${i}`, '203.0.113.80')),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    const { data } = await listAudit(a.deps.sql, { action: 'auth.login', limit: 500 });
    const checked = data.filter(
      (e) => BigInt(e.id) > BigInt(before[0]?.id ?? 0) && e.detail?.reason === 'invalid_credentials',
    );
    expect(checked).toHaveLength(5);
    // The attacker is locked out on both relays; staff elsewhere sign in on either.
    expect(await login(a, 'test-admin-password', '203.0.113.80')).toBe(429);
    expect(await login(b, 'test-admin-password', '198.51.100.30')).toBe(200);
  });

  it('refuses to rewrite the audit log on PostgreSQL', async () => {
    await expect(a.deps.sql.query('DELETE FROM admin_audit_log')).rejects.toThrow(/append-only/);
    await expect(a.deps.sql.query("UPDATE admin_audit_log SET actor = 'x'")).rejects.toThrow(/append-only/);
  });
});
