import { startTestSchedulingApi, type TestSchedulingApi } from '@amicus/scheduling-api/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCourtDatesRelay } from '../../test/court-dates.js';
import { captureLogs, SHADOWING, widgetApi } from '../../test/helpers.js';
import type { TestRelay } from '../testing.js';

/*
 * The visitor's court-date, reminder, warrant and intent routes with generated bad input, through the
 * real relay and the real scheduling-api: malformed JSON, and a wrong value of any type in each field
 * of a valid request. Never a 5xx; each refusal is the relay's error envelope naming the field.
 */

const RUNS = Number(process.env.RELAY_FUZZ_RUNS ?? 40);

interface Endpoint {
  path: string;
  valid: Record<string, unknown>;
  /** A field refused under another field's name (checked together with it). */
  related?: Record<string, readonly string[]>;
}

const reminder = {
  case_number: 'EX-2026-TR-000123',
  channel: 'sms',
  destination: '+15550100123',
  language: 'en',
};
const ENDPOINTS: Endpoint[] = [
  { path: '/api/court-dates/lookup', valid: { case_number: 'EX-2026-TR-000123', language: 'es' } },
  {
    path: '/api/reminders',
    valid: { ...reminder, consent: true, consent_version: 1 },
    // A channel of the other kind does not fit the destination.
    related: { channel: ['destination'] },
  },
  { path: '/api/reminders/stop', valid: reminder, related: { channel: ['destination'] } },
  { path: '/api/reminders/confirm', valid: { code: '123456' } },
  { path: '/api/warrants/info', valid: { language: 'es' } },
  { path: '/api/intent', valid: { text: '¿Cuándo es mi audiencia? EX-2026-TR-000123' } },
];

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    ' ',
    0,
    -1,
    1.5,
    1e308,
    true,
    false,
    null,
    [],
    {},
    'x'.repeat(5_000),
    '\u0000',
    'EX-2026-TR-000123'.repeat(4),
    'sms',
    'email',
    'ES',
    '+1 (555) 010-0123',
    'a@b.c',
  ),
);

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
    fc.constantFrom('{', '{"a":}', "{'a':1}", '{"a":1,}', '[1,2', 'NaN', '{"a":"\\x"}'),
  )
  .filter((s) => s.trim() !== '' && !parses(s));

describe('court dates and reminders: generated bad input', () => {
  let api: TestSchedulingApi;
  let relay: TestRelay;
  const logs = captureLogs();

  beforeAll(async () => {
    api = await startTestSchedulingApi();
    relay = await startCourtDatesRelay(api, {
      logDestination: logs.stream,
      env: {
        SCHEDULING_CLERK_PHONE: '+1 555 010 0199',
        // Generated cases must meet the validation, not the enumeration limits.
        LIMIT_LOOKUPS_PER_MINUTE: '100000',
        LIMIT_LOOKUPS_PER_DAY: '100000',
        LIMIT_LOOKUPS_PER_SITE_PER_DAY: '100000',
        LIMIT_CODES_PER_DESTINATION_PER_HOUR: '100000',
        LIMIT_VISITOR_PER_MINUTE: '100000',
        LIMIT_IP_PER_MINUTE: '100000',
        LIMIT_SESSIONS_PER_IP_PER_MINUTE: '100000',
      },
    });
  });
  afterAll(async () => {
    await relay?.close();
    await api?.close();
  });

  // A new visitor for each request: code checks are limited per visitor (against guessing), and
  // every generated case must meet the validation, not that limit.
  const post = async (path: string, body: string) => {
    const w = widgetApi(relay.url);
    const res = await w.call(path, { method: 'POST', token: await w.session(), body });
    const text = await res.text();
    return { status: res.status, text, body: parses(text) ? (JSON.parse(text) as unknown) : undefined };
  };

  /** Never a 5xx; a refusal is the error envelope, naming a field or none. */
  function refusal(res: { status: number; text: string; body: unknown }): { param: string | null } | null {
    expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
    expect(res.status, res.text.slice(0, 300)).not.toBe(429);
    if (res.status < 400) return null;
    const error = (res.body as { error?: { message?: unknown; param?: unknown } } | undefined)?.error;
    expect(typeof error?.message, res.text.slice(0, 300)).toBe('string');
    const param = error?.param ?? null;
    expect(param === null || typeof param === 'string', res.text.slice(0, 300)).toBe(true);
    return { param: param as string | null };
  }

  for (const ep of ENDPOINTS) {
    it(`answers malformed JSON on POST ${ep.path} with 400`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(malformedJson, async (body) => {
          const res = await post(ep.path, body);
          expect(res.status, res.text).toBe(400);
          refusal(res);
        }),
        { numRuns: RUNS },
      );
    });

    it(`refuses a wrong value in any field of POST ${ep.path} by naming that field`, {
      timeout: 120_000,
    }, async () => {
      const fields = [...Object.keys(ep.valid), 'extra'];
      // A request refused whatever its fields (a right-looking code nobody was sent) stays so.
      const base = refusal(await post(ep.path, JSON.stringify(ep.valid)));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), anyValue, async (field, value) => {
          const res = await post(ep.path, JSON.stringify({ ...ep.valid, [field]: value }));
          const r = refusal(res);
          if (!r || res.status !== 400) return;
          const named = [field, ...(ep.related?.[field] ?? []), ...(base ? [base.param] : [])];
          expect(named, res.text).toContain(r.param);
        }),
        { numRuns: RUNS * 2 },
      );
    });
  }

  it('refuses an object shadowing a built-in name in each field of every route by naming that field', async () => {
    for (const ep of ENDPOINTS) {
      const base = refusal(await post(ep.path, JSON.stringify(ep.valid)));
      for (const field of [...Object.keys(ep.valid), 'extra']) {
        for (const value of SHADOWING) {
          const res = await post(ep.path, JSON.stringify({ ...ep.valid, [field]: value }));
          const r = refusal(res);
          if (!r || res.status !== 400) continue;
          const named = [field, ...(ep.related?.[field] ?? []), ...(base ? [base.param] : [])];
          expect(named, `${ep.path} ${field}: ${res.text}`).toContain(r.param);
        }
      }
    }
  });

  it('answers every route in the same way for a body that is not an object', async () => {
    for (const ep of ENDPOINTS) {
      for (const body of ['[]', '"text"', '12', 'true', 'null']) {
        const res = await post(ep.path, body);
        expect(res.status, `${ep.path} ${body}: ${res.text}`).toBe(400);
        refusal(res);
      }
    }
  });
});
