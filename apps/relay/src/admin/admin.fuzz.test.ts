import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import { startTestSchedulingApi, type TestSchedulingApi } from '@amicus/scheduling-api/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHADOWING } from '../../test/helpers.js';
import { startTestRelay, type TestRelay } from '../testing.js';
import { AdminTestClient } from './testing/admin-client.js';

let api: TestChatbotApi;
let scheduling: TestSchedulingApi;
let relay: TestRelay;
let admin: AdminTestClient;

beforeAll(async () => {
  api = await startTestChatbotApi();
  // With court dates on, so their admin routes are reached too.
  scheduling = await startTestSchedulingApi();
  relay = await startTestRelay({
    upstreamBaseUrl: api.url,
    chatKey: api.chatKey,
    ingestKey: api.ingestKey,
    allowedOrigins: ['https://court.example'],
    env: {
      SCHEDULING_SERVER_URL: scheduling.serverUrl,
      SCHEDULING_CLIENT_ID: scheduling.clientId,
      SCHEDULING_CLIENT_SECRET: scheduling.clientSecret,
    },
  });
  admin = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
});
afterAll(async () => {
  await relay?.close();
  await api?.close();
  await scheduling?.close();
});

// Printable strings, and strings of any ASCII including NUL and other controls (issue 10: a NUL in a
// field or query value used to reach PostgreSQL and come back as a 500).
const text = (maxLength?: number) =>
  fc.oneof(
    fc.string(maxLength === undefined ? {} : { maxLength }),
    fc.string({ unit: 'binary-ascii', ...(maxLength === undefined ? {} : { maxLength }) }),
  );

// /logout and /events are left out: one ends the session the fuzzer needs, the other never ends.
const KNOWN_PATHS = [
  '/session',
  '/login',
  '/uploads',
  '/crawls',
  '/jobs',
  '/documents',
  '/documents/bulk-delete',
  '/namespaces',
  '/audit',
  '/settings/origins',
  '/jobs/00000000-0000-4000-8000-000000000000',
  '/documents/00000000-0000-4000-8000-000000000000',
  '/documents/00000000-0000-4000-8000-000000000000/link',
  '/settings/help',
  '/try',
  '/insights',
  '/insights/export',
  '/court-dates/status',
  '/court-dates/consent',
  '/court-dates/outbox',
  '/court-dates/consent-log',
  '/court-dates/forget',
];
const paths = fc.oneof(
  fc.constantFrom(...KNOWN_PATHS),
  text(40).map((s) => `/documents/${encodeURIComponent(s)}/link`),
  text(40).map((s) => `/documents/${encodeURIComponent(s)}`),
  text(40).map((s) => `/jobs/${encodeURIComponent(s)}`),
  fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`)),
);
const queries = fc.dictionary(
  fc.constantFrom(
    'limit',
    'after',
    'namespace',
    'status',
    'source_type',
    'q',
    'action',
    'actor',
    'from',
    'to',
    'before',
    'kind',
    'days',
    'bucket',
    'channel',
  ),
  fc.oneof(text(30), fc.integer().map(String), fc.constant('')),
  { maxKeys: 4 },
);
const jsonBodies = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      namespace: fc.oneof(text(), fc.constant('general'), fc.integer()),
      seed_urls: fc.oneof(fc.array(fc.oneof(fc.webUrl(), text()), { maxLength: 3 }), fc.string()),
      max_pages: fc.oneof(fc.integer(), fc.double(), fc.string()),
      max_depth: fc.oneof(fc.integer(), fc.constant(null)),
      rate_limit_rps: fc.oneof(fc.double(), fc.string()),
      allowed_domains: fc.oneof(fc.array(text(), { maxLength: 3 }), fc.object()),
      ids: fc.oneof(fc.array(fc.oneof(fc.uuid(), text()), { maxLength: 4 }), fc.string()),
      origins: fc.oneof(fc.array(fc.oneof(fc.webUrl(), text()), { maxLength: 3 }), fc.integer()),
      username: text(),
      password: text(),
      question: fc.oneof(text(), fc.constant('How do I pay a ticket?'), fc.integer()),
      url: fc.oneof(fc.webUrl(), text(), fc.constant(null)),
      title: fc.oneof(text(), fc.constant(null), fc.integer()),
      contact: fc.oneof(
        fc.record(
          {
            name: fc.oneof(text(), fc.record({ en: text(), es: text() })),
            phone: fc.oneof(text(20), fc.constant('+1 555 010 0100')),
            url: fc.oneof(fc.webUrl(), text()),
            hours: fc.oneof(text(), fc.record({ en: text(), es: text() })),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      referral: fc.oneof(
        fc.record(
          { self_help: fc.jsonValue({ maxDepth: 2 }), lawyer_referral: text() },
          { requiredKeys: [] },
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      language: fc.oneof(fc.constantFrom('en', 'es', 'fr', ''), fc.integer()),
      text: fc.oneof(text(), fc.constant('I agree to receive reminders.')),
      channel: fc.oneof(fc.constantFrom('sms', 'email', 'fax'), fc.integer()),
      destination: fc.oneof(fc.constantFrom('+15550100123', 'a@b.example', '12'), text(30)),
    },
    { requiredKeys: [] },
  ),
);
/** Every field name the record above fills. */
const FIELDS = [
  'namespace',
  'seed_urls',
  'max_pages',
  'max_depth',
  'rate_limit_rps',
  'allowed_domains',
  'ids',
  'origins',
  'username',
  'password',
  'question',
  'url',
  'title',
  'contact',
  'referral',
  'language',
  'text',
  'channel',
  'destination',
];

const bodies = fc.oneof(
  jsonBodies.map((v) => ({ type: 'application/json', body: JSON.stringify(v) ?? 'null' })),
  fc.string({ maxLength: 200 }).map((s) => ({ type: 'application/json', body: s })),
  fc.string({ maxLength: 200 }).map((s) => ({ type: 'multipart/form-data; boundary=xyz', body: s })),
  fc.tuple(text(40), fc.string({ maxLength: 100 })).map(([name, content]) => ({
    type: 'multipart/form-data; boundary=b0undary',
    body: `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${content}\r\n--b0undary--\r\n`,
  })),
  fc.string({ maxLength: 100 }).map((s) => ({ type: 'text/plain', body: s })),
);

describe('admin API fuzz', () => {
  it('never answers 5xx to an object shadowing a built-in name in any field', {
    timeout: 120_000,
  }, async () => {
    const requests: [string, string, unknown][] = [];
    for (const path of KNOWN_PATHS) {
      for (const value of SHADOWING) {
        const all = Object.fromEntries(FIELDS.map((f) => [f, value]));
        for (const method of ['POST', 'PUT', 'PATCH']) requests.push([method, path, all]);
        for (const f of FIELDS) requests.push(['POST', path, { [f]: value }]);
      }
    }
    for (const [method, path, body] of requests) {
      const res = await admin.fetch(path, {
        method,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      await res.arrayBuffer();
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
  });

  it('never answers 5xx to arbitrary signed-in requests', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        paths,
        queries,
        bodies,
        async (method, path, query, { type, body }) => {
          const search = new URLSearchParams(query).toString();
          const withBody = method !== 'GET';
          const res = await admin.fetch(`${path}${search ? `?${search}` : ''}`, {
            method,
            ...(withBody ? { body, headers: { 'content-type': type } } : {}),
          });
          await res.arrayBuffer();
          seen.add(res.status);
          expect(res.status, `${method} ${path}?${search} ${body.slice(0, 80)}`).toBeLessThan(500);
        },
      ),
      { numRuns: Number(process.env.ADMIN_FUZZ_RUNS ?? 300) },
    );
    // The session must have stayed valid, or the run only exercised the 401 path.
    expect(seen).toContain(200);
    expect(seen).toContain(400);
  });
});
