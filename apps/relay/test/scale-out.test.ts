import { randomBytes } from 'node:crypto';
import type { TestChatbotApi } from '@amicus/chatbot-api/testing';
import { startTestChatbotApi } from '@amicus/chatbot-api/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdmissionController } from '../src/limits/admission.js';
import { redisSlotStore, streamSlots } from '../src/limits/stream-slots.js';
import { redisWindowCounter } from '../src/limits/window-counter.js';
import { startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, readEvents, widgetApi } from './helpers.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = 'redis://127.0.0.1:6379';
// One schema and one key prefix per run: parallel runs never see each other, and cleanup is exact.
const run = randomBytes(6).toString('hex');
const SCHEMA = `relay_test_${run}`;
const PREFIX = `amicus:test:${run}:`;

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
      allowedOrigins: [ORIGIN],
      env: {
        DATABASE_URL,
        DATABASE_SCHEMA: SCHEMA,
        REDIS_URL,
        REDIS_PREFIX: PREFIX,
        SESSION_SECRET: 'shared-secret-for-the-scale-out-test-0123456789',
        LIMIT_VISITOR_PER_MINUTE: '6',
        LIMIT_SESSIONS_PER_IP_PER_MINUTE: '1000',
      },
    });
  // Both start together: the migration lock must keep them from racing on the schema.
  [a, b] = await Promise.all([start(), start()]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await api?.close();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await client.end();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('two relays on one PostgreSQL and one Redis', () => {
  it('lets a visitor continue on the other instance, and nobody else', async () => {
    const onA = widgetApi(a.url);
    const onB = widgetApi(b.url);
    const alice = await onA.session();
    const mallory = await onB.session();
    const id = await onA.conversation(alice);
    const events = await readEvents(await onB.ask(alice, id, 'When is the court open?'));
    expect(events.at(-1)?.event).toBe('done');
    expect((await onB.call(`/api/conversations/${id}`, { token: alice })).status).toBe(200);
    for (const relay of [onA, onB]) {
      expect((await relay.call(`/api/conversations/${id}`, { token: mallory })).status).toBe(404);
      expect(
        (await relay.call(`/api/conversations/${id}`, { method: 'DELETE', token: mallory })).status,
      ).toBe(404);
    }
    expect((await onB.call(`/api/conversations/${id}`, { method: 'DELETE', token: alice })).status).toBe(204);
    expect((await onA.call(`/api/conversations/${id}`, { token: alice })).status).toBe(404);
  });

  it('counts one visitor limit across both instances', async () => {
    const token = await widgetApi(a.url).session();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const relay = widgetApi(i % 2 === 0 ? a.url : b.url);
      const res = await relay.call('/api/conversations', { method: 'POST', token });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
  });

  it('shares one upstream budget between the admission controllers of both instances', async () => {
    const redis = new Redis(REDIS_URL);
    const fixedMinute = () => 1_700_000_000_000; // one window for the whole test
    const controller = () =>
      new AdmissionController({
        counter: redisWindowCounter(redis, `${PREFIX}budget:`),
        requestsPerMinute: 3,
        queueSize: 0,
        maxWaitMs: 0,
        now: fixedMinute,
      });
    const [first, second] = [controller(), controller()];
    const results = await Promise.allSettled(
      [first, second, first, second, first].map((c, i) => c.admit(`visitor-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    first.close();
    second.close();
    await redis.quit();
  });

  it("holds one address to its share of the budget across both instances' admission controllers", async () => {
    const redis = new Redis(REDIS_URL);
    const fixedMinute = () => 1_700_000_000_000;
    const controller = () =>
      new AdmissionController({
        counter: redisWindowCounter(redis, `${PREFIX}share:`),
        requestsPerMinute: 8,
        ipShare: 0.25,
        queueSize: 0,
        maxWaitMs: 0,
        now: fixedMinute,
      });
    const [first, second] = [controller(), controller()];
    const results = await Promise.allSettled(
      [first, second, first, second].map((c, i) => c.admit(`visitor-${i}`, '203.0.113.9')),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    await first.admit('visitor-x', '198.51.100.9'); // another address still gets its share
    first.close();
    second.close();
    await redis.quit();
  });

  it("caps one visitor's open answer streams across both instances", async () => {
    const redis = new Redis(REDIS_URL);
    const onInstance = () =>
      streamSlots({
        store: redisSlotStore(redis, `${PREFIX}slots:`),
        perVisitor: 2,
        perIp: 6,
        leaseMs: 60_000,
      });
    const [onA, onB] = [onInstance(), onInstance()];
    const first = await onA('alice', '203.0.113.10');
    await onB('alice', '203.0.113.10');
    await expect(onA('alice', '203.0.113.10')).rejects.toMatchObject({ status: 429 });
    await expect(onB('alice', '203.0.113.10')).rejects.toMatchObject({ status: 429 });
    await first();
    const again = await onB('alice', '203.0.113.10');
    await again();
    await redis.quit();
  });
});
