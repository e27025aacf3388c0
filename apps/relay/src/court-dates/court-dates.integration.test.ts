import { startTestSchedulingApi, type TestSchedulingApi } from '@amicus/scheduling-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCourtDatesRelay } from '../../test/court-dates.js';
import { captureLogs, widgetApi } from '../../test/helpers.js';
import type { TestRelay } from '../testing.js';

// Real scheduling-api, real relay, real HTTP. The chatbot upstream is never called by these routes.
const SEEDED = 'EX-2026-TR-000123';
const VIRTUAL = 'EX-2026-CR-000789';
const JUVENILE = 'EX-2026-JV-000654';
const FAMILY = 'EX-2026-FL-000987';
const UNKNOWN = 'EX-2026-TR-999999';

interface OutboxEntry {
  to: string;
  content: string;
  subject?: string | null;
  origin?: string;
}

async function schedulingToken(api: TestSchedulingApi): Promise<string> {
  const res = await fetch(`${api.serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: api.clientId,
      client_secret: api.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function providerGet<T>(api: TestSchedulingApi, path: string): Promise<T> {
  const res = await fetch(`${api.serverUrl}${path}`, {
    headers: { authorization: `Bearer ${await schedulingToken(api)}` },
  });
  return (await res.json()) as T;
}

async function lastCode(api: TestSchedulingApi, to: string): Promise<string> {
  const entries = await providerGet<OutboxEntry[]>(
    api,
    `/_local/outbox?to=${encodeURIComponent(to)}&limit=1`,
  );
  const code = /\b(\d{6})\b/.exec(entries[0]?.content ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

const attachedTo = (api: TestSchedulingApi, caseNumber: string) =>
  providerGet<{ client: string }[]>(api, `/v1/events/${caseNumber}-H1/attached`);

/** The court's contacts, and `extra` settings, beside the scheduling service's. */
function courtEnv(extra: Record<string, string> = {}) {
  return {
    SCHEDULING_CLERK_PHONE: '+1 555 010 0199',
    WARRANTS_PUBLIC_URL: 'https://sheriff.example/warrants',
    ...extra,
  };
}

describe('court dates and reminders through the real relay and the real scheduling-api', () => {
  let api: TestSchedulingApi;
  let relay: TestRelay;
  let skewMs = 0;
  const logs = captureLogs();
  const bodies: string[] = [];
  const w = () => widgetApi(relay.url);

  async function post(token: string, path: string, body: unknown) {
    const res = await w().call(path, { method: 'POST', token, body: JSON.stringify(body) });
    const text = await res.text();
    bodies.push(text);
    return {
      status: res.status,
      headers: res.headers,
      body: JSON.parse(text) as Record<string, unknown>,
      text,
    };
  }

  beforeAll(async () => {
    api = await startTestSchedulingApi();
    relay = await startCourtDatesRelay(api, {
      logDestination: logs.stream,
      now: () => new Date(Date.now() + skewMs),
      // The enumeration limits have their own relay below; here every test shares 127.0.0.1.
      env: courtEnv({
        LIMIT_LOOKUPS_PER_MINUTE: '1000',
        LIMIT_LOOKUPS_PER_DAY: '1000',
        LIMIT_CODES_PER_DESTINATION_PER_HOUR: '50',
        LIMIT_SESSIONS_PER_IP_PER_MINUTE: '1000',
      }),
    });
  });
  afterAll(async () => {
    await relay?.close();
    await api?.close();
  });

  it('answers a seeded case with only what a court publishes', async () => {
    const token = await w().session();
    const { status, body } = await post(token, '/api/court-dates/lookup', {
      case_number: ` ${SEEDED.toLowerCase()} `,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ found: true, case_number: SEEDED, reminders_available: true });
    const [hearing] = body.hearings as Record<string, unknown>[];
    expect(Object.keys(hearing ?? {}).sort()).toEqual(
      [
        'date',
        'time',
        'time_zone',
        'starts_at',
        'ends_at',
        'location_name',
        'location_notes',
        'hearing_type',
        'virtual',
        'virtual_notes',
      ].sort(),
    );
    expect(hearing).toMatchObject({ time_zone: 'America/Los_Angeles', virtual: false, virtual_notes: null });
    expect(hearing?.location_name).toEqual(expect.any(String));
    expect(hearing?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(hearing?.time).toMatch(/^\d{2}:\d{2}$/);
    expect((body.court as { name: string }).name).toBe('Superior Court of Example County');
    expect((body.consent as { version: number; text: string }).text).toContain(
      'Superior Court of Example County',
    );
  });

  it('shows how to join a virtual hearing', async () => {
    const token = await w().session();
    const { body } = await post(token, '/api/court-dates/lookup', { case_number: VIRTUAL, language: 'es' });
    const [hearing] = body.hearings as { virtual: boolean; virtual_notes: string | null }[];
    expect(hearing?.virtual).toBe(true);
    expect(hearing?.virtual_notes).toBeTruthy();
    expect(body.message).toMatch(/documentos de la corte/);
  });

  it('answers a confidential hearing exactly like an unknown case number', async () => {
    const token = await w().session();
    const answers = [];
    for (const caseNumber of [UNKNOWN, JUVENILE, FAMILY]) {
      const res = await post(token, '/api/court-dates/lookup', { case_number: caseNumber });
      answers.push({ status: res.status, body: res.text.replaceAll(caseNumber, '<case>') });
    }
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const body = JSON.parse(answers[0]?.body ?? '{}') as {
      found: boolean;
      message: string;
      court: { clerk: { phone: string } };
    };
    expect(body.found).toBe(false);
    expect(body.message).toMatch(/few days to appear/);
    expect(body.court.clerk.phone).toBe('+1 555 010 0199');
  });

  it('refuses a badly formed case number with a 400 naming case_number', async () => {
    const token = await w().session();
    for (const case_number of ['EX-2026', 'Smith', 42, '']) {
      const { status, body } = await post(token, '/api/court-dates/lookup', { case_number });
      expect(status).toBe(400);
      expect((body.error as { param: string }).param).toBe('case_number');
    }
  });

  it('needs a visitor token', async () => {
    const res = await w().call('/api/court-dates/lookup', {
      method: 'POST',
      body: JSON.stringify({ case_number: SEEDED }),
    });
    expect(res.status).toBe(401);
  });

  it('subscribes a phone only with the code sent to it, then attaches it to the hearing', async () => {
    const phone = '(555) 010-0123';
    const token = await w().session();
    expect(await attachedTo(api, SEEDED)).toEqual([]);
    const asked = await post(token, '/api/reminders', {
      case_number: SEEDED,
      channel: 'sms',
      destination: phone,
      language: 'en',
      consent: true,
    });
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('code_sent');
    const [message] = await providerGet<OutboxEntry[]>(api, '/_local/outbox?to=%2B15550100123&limit=1');
    expect(message?.content).toMatch(/Superior Court of Example County: your code is \d{6}/);
    expect(message?.content).toMatch(/Reply STOP/);
    // Nothing is created at the provider before the code comes back.
    expect(await attachedTo(api, SEEDED)).toEqual([]);

    // Another visitor cannot confirm it, even with the right code.
    const code = await lastCode(api, '+15550100123');
    const stranger = await w().session();
    expect((await post(stranger, '/api/reminders/confirm', { code })).status).toBe(410);

    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await post(token, '/api/reminders/confirm', { code: wrong });
    expect(miss.status).toBe(400);
    expect((miss.body.error as { param: string }).param).toBe('code');

    const ok = await post(token, '/api/reminders/confirm', { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'subscribed', case_number: SEEDED });
    expect(await attachedTo(api, SEEDED)).toHaveLength(1);
    // A code works once.
    expect((await post(token, '/api/reminders/confirm', { code })).status).toBe(410);

    // Subscribing again looks exactly the same, and does not attach twice.
    const again = await post(token, '/api/reminders', {
      case_number: SEEDED,
      channel: 'sms',
      destination: '+1 555 010 0123',
      language: 'en',
      consent: true,
    });
    expect(again.status).toBe(202);
    const second = await post(token, '/api/reminders/confirm', { code: await lastCode(api, '+15550100123') });
    expect(second.body).toEqual({ status: 'subscribed', case_number: SEEDED });
    expect(await attachedTo(api, SEEDED)).toHaveLength(1);

    const log = await relay.deps.sql.query<{
      action: string;
      consent_version: number;
      destination_hash: string;
    }>('SELECT action, consent_version, destination_hash FROM court_consent_log');
    expect(log.map((r) => r.action)).toEqual(['opt_in', 'opt_in']);
    expect(log[0]?.consent_version).toBe(1);
    const stored = await relay.deps.sql.query<{ sealed: string }>('SELECT sealed FROM court_destinations');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.sealed).not.toContain('555');
  });

  it('stops reminders after a confirmation code, the same way', async () => {
    const token = await w().session();
    const before = (await attachedTo(api, SEEDED)).length;
    expect(before).toBe(1);
    const asked = await post(token, '/api/reminders/stop', {
      case_number: SEEDED,
      channel: 'sms',
      destination: '+15550100123',
    });
    expect(asked.status).toBe(202);
    expect(await attachedTo(api, SEEDED)).toHaveLength(1);
    const ok = await post(token, '/api/reminders/confirm', { code: await lastCode(api, '+15550100123') });
    expect(ok.body).toEqual({ status: 'stopped', case_number: SEEDED });
    expect(await attachedTo(api, SEEDED)).toEqual([]);
    expect(await relay.deps.sql.query('SELECT 1 FROM court_destinations')).toHaveLength(0);
    // Stopping a destination that never subscribed answers the same.
    await post(token, '/api/reminders/stop', {
      case_number: SEEDED,
      channel: 'email',
      destination: 'never@example.org',
    });
    const none = await post(token, '/api/reminders/confirm', {
      code: await lastCode(api, 'never@example.org'),
    });
    expect(none.body).toEqual({ status: 'stopped', case_number: SEEDED });
  });

  it('allows 5 tries per code', async () => {
    const token = await w().session();
    await post(token, '/api/reminders', {
      case_number: SEEDED,
      channel: 'email',
      destination: 'Tries@Example.org',
      language: 'es',
      consent: true,
    });
    const code = await lastCode(api, 'tries@example.org');
    const wrong = code === '999999' ? '888888' : '999999';
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post(token, '/api/reminders/confirm', { code: wrong })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 410]);
    expect((await post(token, '/api/reminders/confirm', { code })).status).toBe(410);
    expect(await attachedTo(api, SEEDED)).toEqual([]);
  });

  it('lets a code expire after 15 minutes', async () => {
    const token = await w().session();
    await post(token, '/api/reminders', {
      case_number: SEEDED,
      channel: 'sms',
      destination: '+15550100177',
      language: 'en',
      consent: true,
    });
    const code = await lastCode(api, '+15550100177');
    skewMs = 15 * 60_000 + 1000;
    try {
      const late = await post(token, '/api/reminders/confirm', { code });
      expect(late.status).toBe(410);
    } finally {
      skewMs = 0;
    }
    expect(await attachedTo(api, SEEDED)).toEqual([]);
  });

  it('validates reminder requests field by field', async () => {
    const token = await w().session();
    const base = {
      case_number: SEEDED,
      channel: 'sms',
      destination: '+15550100123',
      language: 'en',
      consent: true,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, channel: 'fax' }, 'channel'],
      [{ ...base, destination: '12' }, 'destination'],
      [{ ...base, channel: 'email', destination: 'not-an-email' }, 'destination'],
      [{ ...base, consent: false }, 'consent'],
      [{ ...base, language: 'fr' }, 'language'],
      [{ ...base, case_number: 'nope' }, 'case_number'],
      // Only a version the court published (version 1 until staff change the text).
      [{ ...base, consent_version: 2 }, 'consent_version'],
      [{ ...base, consent_version: 2 ** 53 }, 'consent_version'],
      [{ ...base, consent_version: 1.5 }, 'consent_version'],
    ];
    for (const [body, param] of cases) {
      const res = await post(token, '/api/reminders', body);
      expect(res.status, param).toBe(400);
      expect((res.body.error as { param: string }).param).toBe(param);
    }
    const code = await post(token, '/api/reminders/confirm', { code: 'abc' });
    expect((code.body.error as { param: string }).param).toBe('code');
  });

  it('tells court-date and warrant questions apart, in English and Spanish', async () => {
    const token = await w().session();
    const intent = async (text: string) => (await post(token, '/api/intent', { text })).body;
    expect(await intent('When is my court date?')).toEqual({ kind: 'court_date' });
    expect(await intent('¿Cuándo es mi audiencia?')).toEqual({ kind: 'court_date' });
    expect(await intent('my case is ex-2026-tr-000123, what now')).toEqual({
      kind: 'court_date',
      case_number: SEEDED,
    });
    expect(await intent('Do I have a warrant?')).toEqual({ kind: 'warrant' });
    expect(await intent('¿Tengo una orden de arresto?')).toEqual({ kind: 'warrant' });
    expect(await intent('How much is the small claims filing fee?')).toEqual({ kind: 'none' });
    expect((await post(token, '/api/intent', { text: '' })).status).toBe(400);
  });

  it('gives warrant information without looking anyone up', async () => {
    const token = await w().session();
    const { status, body } = await post(token, '/api/warrants/info', { language: 'es' });
    expect(status).toBe(200);
    expect(body.search_url).toBe('https://sheriff.example/warrants');
    expect(body.what_is_a_bench_warrant).toMatch(/orden/);
    expect((body.how_to_resolve as { kind: string }[]).map((o) => o.kind)).toEqual([
      'clerk',
      'public_defender',
    ]);
    expect((await post(token, '/api/warrants/info', { language: 'de' })).status).toBe(400);
  });

  it('never shows a destination or a case number in clear in a response or a log line', async () => {
    const secrets = [
      '5550100123',
      '010-0123',
      '010 0123',
      'tries@example.org',
      'never@example.org',
      '5550100177',
    ];
    for (const text of [...bodies, ...logs.lines]) {
      for (const secret of secrets) expect(text.toLowerCase()).not.toContain(secret);
    }
    for (const line of logs.lines) expect(line).not.toContain(SEEDED);
    expect(logs.lines.some((l) => l.includes('court date lookup'))).toBe(true);
  });
});

describe('court-date look-ups against enumeration', () => {
  let api: TestSchedulingApi;
  let relay: TestRelay;

  beforeAll(async () => {
    api = await startTestSchedulingApi();
    relay = await startCourtDatesRelay(api, {
      env: { ...courtEnv(), LIMIT_SESSIONS_PER_IP_PER_MINUTE: '1000', LIMIT_IP_PER_MINUTE: '1000' },
    });
  });
  afterAll(async () => {
    await relay?.close();
    await api?.close();
  });

  it('limits 100 sequential case numbers from one address, even with a new visitor each time', async () => {
    const w = widgetApi(relay.url);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const token = await w.session();
      const res = await w.call('/api/court-dates/lookup', {
        method: 'POST',
        token,
        body: JSON.stringify({ case_number: `EX-2026-TR-${String(i).padStart(6, '0')}` }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
  });
});

describe('scheduling provider trouble', () => {
  let api: TestSchedulingApi;
  let relay: TestRelay;
  let providerSkewMs = 0;

  beforeAll(async () => {
    api = await startTestSchedulingApi({
      now: () => new Date(Date.now() + providerSkewMs),
      tokenTtlSeconds: 3600,
    });
    relay = await startCourtDatesRelay(api, {
      env: courtEnv({ LIMIT_LOOKUPS_PER_MINUTE: '1000', LIMIT_LOOKUPS_PER_DAY: '1000' }),
    });
  });
  afterAll(async () => {
    await relay?.close();
    await api?.close();
  });

  const lookup = async (token: string) =>
    widgetApi(relay.url).call('/api/court-dates/lookup', {
      method: 'POST',
      token,
      body: JSON.stringify({ case_number: SEEDED }),
    });

  it('fetches a new token when the provider answers 401', async () => {
    const token = await widgetApi(relay.url).session();
    expect((await lookup(token)).status).toBe(200);
    // Two hours later on the provider's clock the cached token has expired there, not in the relay.
    providerSkewMs = 2 * 3_600_000;
    expect((await lookup(token)).status).toBe(200);
    expect(relay.deps.courtDates?.client.status().token_ok).toBe(true);
  });

  it('tells the visitor to try again shortly on a 503, without waiting out the minute', async () => {
    const token = await widgetApi(relay.url).session();
    api.failNext(503, 1);
    const started = Date.now();
    const res = await lookup(token);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(60);
    const body = (await res.json()) as { error: { code: string; message: string; retryable: boolean } };
    expect(body.error).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    expect(body.error.message).toMatch(/try again shortly/);
    // Within the minute the relay does not call the provider again.
    const again = await lookup(token);
    expect(again.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(relay.deps.courtDates?.client.status().retry_after).not.toBeNull();
  });
});
