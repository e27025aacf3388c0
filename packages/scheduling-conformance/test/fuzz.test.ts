import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday, ours, unique, useTarget } from '../src/fixture.js';
import type { ApiResponse } from '../src/http.js';
import { call } from '../src/http.js';
import { createClient, createEvent } from '../src/records.js';

/*
 * Bad input, generated: every JSON endpoint of the service gets malformed JSON and well-formed JSON
 * of the wrong shape, every id route any path segment, every list any query. Never a 5xx; every 4xx
 * names the field it refuses (our implementation's `{ message, field }`); a refused request writes
 * nothing. Random records are written, so this runs against our implementation only.
 */

const target = useTarget();
const RUNS = Number(process.env.SCHEDULING_API_FUZZ_RUNS ?? 40);

interface JsonEndpoint {
  name: string;
  method: string;
  /** Path under /v1 (or the server root for the token endpoint). */
  path: () => string;
  root?: boolean;
  auth: boolean;
  valid: () => Record<string, unknown>;
  /**
   * After a refused request with this body: what the record it would have written or changed reads
   * now, to compare with `before` (nothing half-written).
   */
  state?: (body: Record<string, unknown>) => Promise<unknown>;
  /** Fields refused under another field's name (an alias, or a field checked with the one changed). */
  related?: Record<string, readonly string[]>;
}

let event = '';
let client = '';
let otherClient = '';
let clientReference = '';

const get = async (path: string): Promise<unknown> => {
  const res = await target().api('GET', path);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const listed = (body: unknown) => (Array.isArray(body) ? body : (body as { data: unknown[] }).data);

const ENDPOINTS: JsonEndpoint[] = [
  {
    name: 'POST /oauth/token',
    method: 'POST',
    path: () => '/oauth/token',
    root: true,
    auth: false,
    valid: () => ({
      grant_type: 'client_credentials',
      client_id: target().credentials.clientId,
      client_secret: target().credentials.clientSecret,
    }),
  },
  {
    name: 'POST /v1/events',
    method: 'POST',
    path: () => '/events',
    auth: true,
    valid: () => ({
      date: daysFromToday(40),
      time: '09:30',
      event_reference: unique('fuzz-event'),
      case_number: unique('fuzz-case'),
      type: 'hearing',
      description: 'Arraignment',
    }),
    // Nothing stored under either of the new event's unique values.
    state: async (body) => [
      typeof body.event_reference === 'string'
        ? listed(await get(`/events?event_reference=${encodeURIComponent(body.event_reference)}`))
        : [],
      typeof body.case_number === 'string'
        ? listed(await get(`/events?case_number=${encodeURIComponent(body.case_number)}`))
        : [],
    ],
  },
  {
    name: 'PATCH /v1/events/{event}',
    method: 'PATCH',
    path: () => `/events/${event}`,
    auth: true,
    valid: () => ({ time: '10:15', location_notes: 'Room 4', virtual: false }),
    state: () => get(`/events/${event}`),
  },
  {
    name: 'PUT /v1/events/{event}',
    method: 'PUT',
    path: () => `/events/${event}`,
    auth: true,
    valid: () => ({ date: daysFromToday(41), end_time: '11:00', notes: 'Bring ID' }),
    state: () => get(`/events/${event}`),
  },
  {
    name: 'POST /v1/events/{event}/attach',
    method: 'POST',
    path: () => `/events/${event}/attach`,
    auth: true,
    valid: () => ({ client: otherClient }),
    state: () => get(`/events/${event}/attached`),
  },
  {
    name: 'POST /v1/clients',
    method: 'POST',
    path: () => '/clients',
    auth: true,
    valid: () => ({
      first_name: 'Ana',
      last_name: 'Reyes',
      phone: '+15555550123',
      client_reference: unique('fuzz-client'),
      language: 'es',
    }),
    state: async (body) =>
      typeof body.client_reference === 'string'
        ? listed(await get(`/clients?client_reference=${encodeURIComponent(body.client_reference)}`))
        : [],
  },
  {
    name: 'PATCH /v1/clients/{client}',
    method: 'PATCH',
    path: () => `/clients/${client}`,
    auth: true,
    valid: () => ({ email: 'ana@example.org', client_reference: clientReference }),
    state: async () => listed(await get(`/clients?client_reference=${encodeURIComponent(clientReference)}`)),
  },
  {
    name: 'POST /v1/messages/oneoffs',
    method: 'POST',
    path: () => '/messages/oneoffs',
    auth: true,
    valid: () => ({
      to: '+15555550199',
      content: `Your hearing is tomorrow ${unique('fuzz')}`,
      send_now: true,
    }),
    // Without send_now the message needs a time.
    related: { send_now: ['scheduled_at'] },
  },
];

async function send(ep: JsonEndpoint, body: string): Promise<ApiResponse> {
  const url = ep.root ? `${target().serverUrl}${ep.path()}` : target().url(ep.path());
  return call(url, ep.method, {
    body,
    headers: { 'content-type': 'application/json' },
    ...(ep.auth ? { token: await target().token() } : {}),
  });
}

/** Never a 5xx; a refusal says what is wrong in a message, naming the field or null. */
function expectClearRefusal(res: ApiResponse): { field: string | null } | null {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  if (res.status < 400) return null;
  const body = res.body as { message?: unknown; field?: unknown } | undefined;
  expect(typeof body?.message, res.text.slice(0, 300)).toBe('string');
  expect(String(body?.message ?? '').trim()).not.toBe('');
  const field = body?.field ?? null;
  expect(field === null || typeof field === 'string', res.text.slice(0, 300)).toBe(true);
  return { field: field as string | null };
}

/**
 * A valid body with `value` in `field`: never a 5xx; refused, it names that field (or one refused with
 * it) and writes nothing.
 */
async function expectFieldRefused(ep: JsonEndpoint, field: string, value: unknown): Promise<void> {
  const body = { ...ep.valid(), [field]: value };
  const before = ep.state ? await ep.state(body) : undefined;
  const res = await send(ep, JSON.stringify(body));
  const refusal = expectClearRefusal(res);
  if (!refusal) return;
  if (refusal.field !== null) {
    expect([field, ...(ep.related?.[field] ?? [])], res.text).toContain(refusal.field);
  }
  if (ep.state) expect(await ep.state(body), `${field}: ${JSON.stringify(value)}`).toEqual(before);
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const malformedJson = fc
  .oneof(
    fc.string({ minLength: 1 }),
    fc.json().map((s) => s.slice(0, Math.max(1, s.length - 1))),
    fc.json().chain((s) => fc.nat(s.length).map((i) => `${s.slice(0, i)}}${s.slice(i)}`)),
    fc.constantFrom('{', '{"a":}', "{'a':1}", '{"a":1,}', '[1,2', 'NaN', '{"a":01}', '{"a":"\\x"}', '\u0000'),
  )
  .filter((s) => s.trim() !== '' && !parses(s));

/** A value of any JSON type, with the shapes validators most often miss. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    ' ',
    0,
    -1,
    1e308,
    true,
    false,
    null,
    [],
    {},
    '2030-02-30',
    '25:61',
    '9999-99-99 99:99:99',
    'x'.repeat(10_001),
    '\u0000',
    '../../etc/passwd',
    "'; DROP TABLE events; --",
    '%',
  ),
);

/**
 * Objects whose own keys shadow what JavaScript calls on a value it turns into text or copies: `String(v)` on
 * `{"toString":""}` throws, `Object.assign` on `{"__proto__":…}` swaps a prototype. Each is tried in every field.
 */
const SHADOWING: readonly unknown[] = [
  { toString: '' },
  { valueOf: 1, toString: null },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: 'x', hasOwnProperty: 1 },
  { toJSON: 'x', length: 3 },
];

beforeAll(async () => {
  const t = target();
  if (t.kind !== 'local') return;
  const main = await createClient(t);
  client = main.uuid;
  clientReference = main.client_reference;
  otherClient = (await createClient(t)).uuid;
  event = (await createEvent(t, { client })).uuid;
});

describe('Bad input in bodies (property-based)', () => {
  for (const ep of ENDPOINTS) {
    it(`answers malformed JSON on ${ep.name} with 400 and no field`, { timeout: 120_000 }, async (ctx) => {
      ours(ctx, target());
      await fc.assert(
        fc.asyncProperty(malformedJson, async (body) => {
          const res = await send(ep, body);
          expect(res.status, res.text).toBe(400);
          expect(expectClearRefusal(res)).toEqual({ field: null });
        }),
        { numRuns: RUNS },
      );
    });

    it(`answers a JSON body that is not an object on ${ep.name} with 400`, async (ctx) => {
      ours(ctx, target());
      for (const body of ['[]', '[{}]', '"text"', '12', 'true', 'null']) {
        const res = await send(ep, body);
        expect(res.status, `${body}: ${res.text}`).toBe(400);
        expectClearRefusal(res);
      }
    });

    it(`refuses an object shadowing a built-in name in each field of ${ep.name}, and writes nothing`, async (ctx) => {
      ours(ctx, target());
      for (const field of [...Object.keys(ep.valid()), 'extra']) {
        for (const value of SHADOWING) await expectFieldRefused(ep, field, value);
      }
    });

    it(`refuses a wrong value in any field of ${ep.name} by naming that field, and writes nothing`, {
      timeout: 120_000,
    }, async (ctx) => {
      ours(ctx, target());
      const fields = [...Object.keys(ep.valid()), 'extra'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), anyValue, (field, value) =>
          expectFieldRefused(ep, field, value),
        ),
        { numRuns: RUNS * 2 },
      );
    });
  }
});

describe('Bad input in paths and query strings (property-based)', () => {
  const segment = fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('%', '%E0%A4%A', '..', '%2F', '%00', 'null', ' ', '\u00e9', 'x'.repeat(2_000)),
  );

  it('answers any id on the id routes with a 4xx, never a 5xx', { timeout: 120_000 }, async (ctx) => {
    ours(ctx, target());
    const routes: [string, (id: string) => string, unknown][] = [
      ['GET', (id) => `/events/${id}`, undefined],
      ['PATCH', (id) => `/events/${id}`, { time: '10:00' }],
      ['DELETE', (id) => `/events/${id}`, undefined],
      ['POST', (id) => `/events/${id}/archive`, undefined],
      ['POST', (id) => `/events/${id}/restore`, undefined],
      ['GET', (id) => `/events/${id}/attached`, undefined],
      ['POST', (id) => `/events/${id}/attach`, { client: otherClient }],
      ['POST', (id) => `/events/${id}/detach`, { client: otherClient }],
      ['PATCH', (id) => `/clients/${id}`, { first_name: 'X' }],
      ['POST', () => `/events/${event}/attach`, 'client'],
      ['POST', () => `/events/${event}/detach`, 'client'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), segment, async ([method, path, body], raw) => {
        // Raw `%` sequences test undecodable escapes; everything else is sent encoded.
        const id = raw.startsWith('%') ? raw : encodeURIComponent(raw);
        // For the last two routes the generated value is the client named in the body.
        const json = body === 'client' ? { client: raw } : body;
        const res = await call(target().url(path(id)), method, {
          token: await target().token(),
          ...(json === undefined ? {} : { body: json }),
        });
        const refusal = expectClearRefusal(res);
        // An id is an event's uuid, reference or url slug; an earlier case may have stored the
        // generated text as one, so a found record must be the one it names.
        if (!refusal && method === 'GET' && path('x') === '/events/x') {
          const e = res.body as Record<string, unknown>;
          expect([e.uuid, e.event_reference, e.url], res.text).toContain(
            raw.startsWith('%') ? decoded(raw) : raw,
          );
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('answers any query on the lists without a 5xx', { timeout: 120_000 }, async (ctx) => {
    ours(ctx, target());
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
      fc.constantFrom(
        '',
        '0',
        '-1',
        '1001',
        '1e9',
        'asc',
        'desc',
        'date',
        '2030-01-01',
        '25:00',
        'none',
        '%',
        '\\',
        '_',
      ),
    );
    const lists: [string, string[]][] = [
      [
        '/events',
        [
          'limit',
          'skip',
          'sort',
          'sortDirection',
          'search',
          'date',
          'from_date',
          'to_time',
          'virtual',
        ].concat(['client', 'search_clients', 'judge']),
      ],
      ['/clients', ['limit', 'skip', 'sort', 'sortDirection', 'search', 'client_reference']],
      ['/contacts', ['limit', 'skip', 'sort', 'sortDirection', 'search', 'client', 'client_reference']],
      ['/settings', ['x']],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...lists)
          .chain(([path, keys]) =>
            fc.tuple(fc.constant(path), fc.dictionary(fc.constantFrom(...keys, 'x'), value)),
          ),
        async ([path, q]) => {
          const res = await target().api('GET', `${path}?${new URLSearchParams(q).toString()}`);
          expectClearRefusal(res);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
