import { startTestSchedulingApi, type TestSchedulingApi } from '@amicus/scheduling-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCourtDatesRelay } from '../../test/court-dates.js';
import { widgetApi } from '../../test/helpers.js';
import { AdminTestClient } from '../admin/testing/admin-client.js';
import type { TestRelay } from '../testing.js';

const SEEDED = 'EX-2026-SC-000456';

async function lastCode(api: TestSchedulingApi, to: string): Promise<string> {
  const token = await fetch(`${api.serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: api.clientId,
      client_secret: api.clientSecret,
      grant_type: 'client_credentials',
    }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const res = await fetch(`${api.serverUrl}/_local/outbox?to=${encodeURIComponent(to)}&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [entry] = (await res.json()) as { content: string }[];
  return /\b(\d{6})\b/.exec(entry?.content ?? '')?.[1] ?? '';
}

describe('court-date admin API over HTTP', () => {
  let api: TestSchedulingApi;
  let relay: TestRelay;
  let admin: AdminTestClient;

  beforeAll(async () => {
    api = await startTestSchedulingApi();
    relay = await startCourtDatesRelay(api);
    admin = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
  });
  afterAll(async () => {
    await relay?.close();
    await api?.close();
  });

  it('shows the integration status, the settings from the environment and the counts', async () => {
    const { status, body } = await admin.json<Record<string, unknown>>('/court-dates/status');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      enabled: true,
      check: { ok: true, error: null },
      status: { token_ok: true },
      court_name: 'Superior Court of Example County',
      confidential_types: ['juvenile', 'family', 'sealed'],
      consent: { en: { version: 1 }, es: { version: 1 } },
      counts: { lookups: { today: 0 } },
    });
    expect(body.case_number_pattern).toContain('\\d{4}');
  });

  it('refuses a signed-out caller', async () => {
    const res = await fetch(`${relay.url}/admin/api/court-dates/status`, { headers: { origin: relay.url } });
    expect(res.status).toBe(401);
  });

  it('versions the consent text on every change, audits it, and visitors see the new version', async () => {
    const saved = await admin.send<Record<string, unknown>>('PUT', '/court-dates/consent', {
      language: 'es',
      text: 'Acepto recibir recordatorios de {court}. Responda STOP para no recibir más.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'es', version: 2, created_by: 'admin' });
    const audit = await admin.json<{ data: { action: string; detail: unknown }[] }>(
      '/audit?action=court_dates.consent.update',
    );
    expect(audit.body.data[0]?.detail).toEqual({ language: 'es', version: 2 });

    const w = widgetApi(relay.url);
    const token = await w.session();
    const res = await w.call('/api/court-dates/lookup', {
      method: 'POST',
      token,
      body: JSON.stringify({ case_number: SEEDED, language: 'es' }),
    });
    const lookup = (await res.json()) as { consent: { version: number; text: string } };
    expect(lookup.consent.version).toBe(2);
    expect(lookup.consent.text).toBe(
      'Acepto recibir recordatorios de Superior Court of Example County. Responda STOP para no recibir más.',
    );
  });

  it('names the field of a bad consent change', async () => {
    const a = await admin.send<{ error: { param: string } }>('PUT', '/court-dates/consent', {
      language: 'fr',
      text: 'x',
    });
    expect([a.status, a.body.error.param]).toEqual([400, 'language']);
    const b = await admin.send<{ error: { param: string } }>('PUT', '/court-dates/consent', {
      language: 'en',
      text: '',
    });
    expect([b.status, b.body.error.param]).toEqual([400, 'text']);
  });

  it('exports the consent log without destinations, and deletes a destination on request', async () => {
    const w = widgetApi(relay.url);
    const token = await w.session();
    const email = 'Opt.In@Example.org';
    await w.call('/api/reminders', {
      method: 'POST',
      token,
      body: JSON.stringify({
        case_number: SEEDED,
        channel: 'email',
        destination: email,
        language: 'en',
        consent: true,
      }),
    });
    const confirmed = await w.call('/api/reminders/confirm', {
      method: 'POST',
      token,
      body: JSON.stringify({ code: await lastCode(api, email) }),
    });
    expect(confirmed.status).toBe(200);

    const outbox = await admin.json<{ available: boolean; data: { to: string }[] }>('/court-dates/outbox');
    expect(outbox.body.available).toBe(true);
    expect(outbox.body.data.some((m) => m.to.toLowerCase() === email.toLowerCase())).toBe(true);

    const status = await admin.json<{
      counts: Record<string, { today: number }>;
      subscribed_destinations: number;
    }>('/court-dates/status');
    expect(status.body.counts.codes_sent?.today).toBe(1);
    expect(status.body.counts.opt_ins?.today).toBe(1);
    expect(status.body.subscribed_destinations).toBe(1);

    const csv = await admin.fetch('/court-dates/consent-log');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const [header, row] = text.trim().split('\r\n');
    expect(header).toBe('at,action,consent_version,language,channel,destination_hash,ip_hash,case_hash');
    expect(row).toMatch(/,opt_in,1,en,email,[0-9a-f]{32},[0-9a-f]{32},[0-9a-f]{32}$/);
    expect(text.toLowerCase()).not.toContain('example.org');
    expect(text).not.toContain(SEEDED);

    const bad = await admin.send<{ error: { param: string } }>('POST', '/court-dates/forget', {
      channel: 'email',
      destination: 'nope',
    });
    expect([bad.status, bad.body.error.param]).toEqual([400, 'destination']);
    const forgot = await admin.send<{
      detached: number;
      deleted: { destinations: number; consent_log: number };
    }>('POST', '/court-dates/forget', {
      channel: 'email',
      destination: email,
    });
    expect(forgot.body.deleted).toEqual({ destinations: 1, consent_log: 1 });
    expect(forgot.body.detached).toBe(1);
    const token2 = await fetch(`${api.serverUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: api.clientId,
        client_secret: api.clientSecret,
        grant_type: 'client_credentials',
      }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const attached = await fetch(`${api.url}/events/${SEEDED}-H1/attached`, {
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(await attached.json()).toEqual([]);
    const after = await (await admin.fetch('/court-dates/consent-log')).text();
    expect(after.trim().split('\r\n')).toHaveLength(1);
    const audit = await admin.json<{ data: { action: string; target: string }[] }>(
      '/audit?action=court_dates.destination.delete',
    );
    expect(audit.body.data).toHaveLength(1);
    expect(JSON.stringify(audit.body)).not.toContain('example.org');
  });

  it('sweeps stored destinations once their hearing has passed, and expired codes', async () => {
    const store = relay.deps.courtDates?.store;
    if (!store) throw new Error('court dates are off');
    const now = new Date();
    await store.putDestination({
      lookup_hash: 'a'.repeat(32),
      case_hash: 'b'.repeat(32),
      channel: 'sms',
      sealed: 'x.y.z',
      client_uuid: 'c1',
      delete_after: new Date(now.getTime() - 1000),
      at: now,
    });
    await store.putDestination({
      lookup_hash: 'c'.repeat(32),
      case_hash: 'b'.repeat(32),
      channel: 'sms',
      sealed: 'x.y.z',
      client_uuid: 'c2',
      delete_after: new Date(now.getTime() + 86_400_000),
      at: now,
    });
    const swept = await store.sweep(now);
    expect(swept.destinations).toBe(1);
    expect(await store.destinationCount()).toBe(1);
    await store.forgetDestination('c'.repeat(32));
  });

  it('answers 405 for a wrong method on a court-date admin path', async () => {
    const res = await admin.fetch('/court-dates/status', { method: 'DELETE' });
    expect(res.status).toBe(405);
  });
});
