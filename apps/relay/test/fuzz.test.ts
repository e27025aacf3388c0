import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, SHADOWING, widgetApi } from './helpers.js';
import { startStack } from './stack.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let token: string;
let ownId: string;

beforeAll(async () => {
  stack = await startStack({
    relay: {
      env: {
        LIMIT_IP_PER_MINUTE: '100000',
        LIMIT_VISITOR_PER_MINUTE: '100000',
        LIMIT_SESSIONS_PER_IP_PER_MINUTE: '100000',
        LIMIT_MESSAGES_PER_VISITOR_PER_MINUTE: '100000',
        UPSTREAM_RPM: '100000',
      },
    },
  });
  const api = widgetApi(stack.relay.url);
  token = await api.session();
  ownId = await api.conversation(token);
});
afterAll(() => stack?.close());

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'sessions',
    'conversations',
    'messages',
    'widget.js',
    'widget.json',
    'healthz',
    '..',
    '%00',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.uuid(),
);
const path = fc.oneof(
  fc.constantFrom(
    '/api/sessions',
    '/api/conversations',
    '/api/conversations/OWN',
    '/api/conversations/OWN/messages',
    '/api/feedback',
    '/api/intent',
    '/api/warrants/info',
  ),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 2 }).map((s) => `/api/conversations/${s.join('/')}`),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc
    .record({ content: fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), fc.constant(null)) })
    .map((o) => JSON.stringify(o)),
  fc
    .record(
      {
        conversation_id: fc.oneof(fc.constant('OWN'), fc.uuid(), fc.string({ maxLength: 40 }), fc.integer()),
        message_index: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 5 })),
        rating: fc.oneof(fc.constantFrom('up', 'down'), fc.string({ maxLength: 5 })),
        comment: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null), fc.integer()),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
);

describe('relay widget endpoints under random input', () => {
  it('never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'),
        path,
        fc.constantFrom(ORIGIN, 'null', 'https://evil.example', undefined, 'not a url'),
        fc.oneof(fc.constant('GOOD'), fc.constant(undefined), fc.string({ maxLength: 40 })),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
        body,
        async (method, p, origin, auth, contentType, payload) => {
          const headers: Record<string, string> = {};
          if (origin !== undefined) headers.origin = origin;
          if (auth !== undefined)
            headers.authorization = auth === 'GOOD' ? `Bearer ${token}` : `Bearer ${auth}`;
          if (contentType !== undefined) headers['content-type'] = contentType;
          const hasBody = payload !== undefined && method !== 'GET';
          const res = await fetch(`${stack.relay.url}${p.replace('OWN', ownId)}`, {
            method,
            headers,
            ...(hasBody ? { body: payload.replace('"OWN"', JSON.stringify(ownId)) } : {}),
          });
          await res.arrayBuffer();
          expect(res.status, `${method} ${p}`).toBeLessThan(500);
        },
      ),
      { numRuns: Number(process.env.RELAY_FUZZ_RUNS ?? 150) },
    );
  });

  it('never answers 5xx to an object shadowing a built-in name in any field of a widget request', async () => {
    const valid: [string, Record<string, unknown>][] = [
      ['/api/sessions', { language: 'en' }],
      ['/api/conversations', { language: 'es' }],
      ['/api/conversations/OWN/messages', { content: 'How do I pay a ticket?', language: 'en' }],
      ['/api/feedback', { conversation_id: ownId, message_index: 1, rating: 'up', comment: 'Thanks' }],
      ['/api/intent', { text: 'When is my hearing?' }],
      ['/api/warrants/info', { language: 'en' }],
    ];
    for (const [p, fields] of valid) {
      for (const field of [...Object.keys(fields), 'extra']) {
        for (const value of SHADOWING) {
          const res = await fetch(`${stack.relay.url}${p.replace('OWN', ownId)}`, {
            method: 'POST',
            headers: { origin: ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ...fields, [field]: value }),
          });
          await res.arrayBuffer();
          expect(res.status, `${p} ${field}: ${JSON.stringify(value)}`).toBeLessThan(500);
        }
      }
    }
  });
});
