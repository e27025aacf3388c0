import { randomBytes } from 'node:crypto';
import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import type { StreamEventMap } from '@amicus/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents, widgetApi } from '../../test/helpers.js';
import { startTestRelay, type TestRelay } from '../testing.js';
import { AdminTestClient } from './testing/admin-client.js';

// Two relays on one real PostgreSQL: who can help, saved through one, reaches the conversations the other
// creates (the settings are read from the database per conversation, never cached per instance).
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `answers_test_${randomBytes(6).toString('hex')}`;
const SITE = 'https://court.example';
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
      allowedOrigins: [SITE],
      env: {
        DATABASE_URL,
        DATABASE_SCHEMA: SCHEMA,
        SESSION_SECRET: 'shared-secret-for-the-answers-scale-out-test-01',
      },
    });
  a = await start();
  b = await start();
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await api?.close();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await client.end();
});

describe('who can help on two relays sharing PostgreSQL', () => {
  it('a change saved on one relay names the new contact in the next conversation made on the other', async () => {
    const staff = await new AdminTestClient(a.url).login('admin', 'test-admin-password');
    const saved = await staff.send('PUT', '/settings/help', {
      contact: { name: { en: 'the Records Desk' }, phone: '(555) 010-0199' },
    });
    expect(saved.status).toBe(200);
    expect((await staff.on(b.url).json('/settings/help')).body).toMatchObject({
      rendered: { help_contact: 'the Records Desk, (555) 010-0199' },
    });

    const visitor = widgetApi(b.url, SITE);
    const token = await visitor.session();
    const id = await visitor.conversation(token);
    const events = await readEvents(await visitor.ask(token, id, 'how do I renew my passport'));
    const done = events.at(-1)?.data as StreamEventMap['done'] | undefined;
    expect(done?.message.content).toContain('the Records Desk, (555) 010-0199');
  });
});
