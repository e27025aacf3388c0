import { describe, expect, it } from 'vitest';
import { daysFromToday, expectStatus, need, useTarget } from '../src/fixture.js';
import { createClient, createEvent } from '../src/records.js';

const target = useTarget();

interface Attachment {
  uuid: string;
  event: string;
  client: string;
}

/** A client with one phone and one e-mail contact. */
function clientWithContacts() {
  return createClient(target(), { phone: target().config.testPhone, email: target().config.testEmail });
}

describe('POST /events/{uuid}/attach', () => {
  it('returns 201 with the attachment record (uuid, event, client), listed by /attached', async () => {
    const event = await createEvent(target());
    const { uuid: client } = await createClient(target());
    const res = await target().api('POST', `/events/${event.uuid}/attach`, { client });
    expect(res.status, res.text).toBe(201);
    const a = res.body as Attachment;
    expect(a).toMatchObject({ event: event.uuid, client });
    expect(typeof a.uuid).toBe('string');
    const attached = await target().api('GET', `/events/${event.uuid}/attached`);
    expect(attached.status).toBe(200);
    expect((attached.body as Attachment[]).map((r) => r.client)).toEqual([client]);
  });

  it('returns 409 "Client is already attached" for a client already on the event', async () => {
    const event = await createEvent(target());
    const { uuid: client } = await createClient(target());
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    const res = await target().api('POST', `/events/${event.uuid}/attach`, { client });
    expectStatus(target(), res, 409, { message: 'Client is already attached' });
  });

  it('returns 400 "Client is required" without a client', async () => {
    const event = await createEvent(target());
    for (const body of [{}, { client: '' }, { client: null }]) {
      expectStatus(target(), await target().api('POST', `/events/${event.uuid}/attach`, body), 400, {
        message: 'Client is required',
        field: 'client',
      });
    }
  });

  it('returns 404 for an unknown event', async () => {
    const { uuid: client } = await createClient(target());
    const res = await target().api('POST', '/events/00000000-0000-4000-8000-000000000000/attach', { client });
    expectStatus(target(), res, 404);
  });
});

describe('DELETE /events/{uuid}/detach', () => {
  it('returns 202 with a message saying how many clients were detached', async () => {
    const event = await createEvent(target());
    const { uuid: client } = await createClient(target());
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    const res = await target().api('DELETE', `/events/${event.uuid}/detach`, { client });
    expect(res.status, res.text).toBe(202);
    expect(String((res.body as { message?: unknown }).message)).toMatch(/1/);
    expect((await target().api('GET', `/events/${event.uuid}/attached`)).body).toEqual([]);
  });

  it('returns 404 "Client not found" for a client that is not attached', async () => {
    const event = await createEvent(target());
    const { uuid: client } = await createClient(target());
    const res = await target().api('DELETE', `/events/${event.uuid}/detach`, { client });
    expectStatus(target(), res, 404, { message: 'Client not found' });
  });

  it('returns 400 "Client is required" without a client', async () => {
    const event = await createEvent(target());
    expectStatus(target(), await target().api('DELETE', `/events/${event.uuid}/detach`, {}), 400, {
      message: 'Client is required',
      field: 'client',
    });
  });

  it('lets the same client be attached again after a detach', async () => {
    const event = await createEvent(target());
    const { uuid: client } = await createClient(target());
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    await target().api('DELETE', `/events/${event.uuid}/detach`, { client });
    expect((await target().api('POST', `/events/${event.uuid}/attach`, { client })).status).toBe(201);
  });
});

describe('Reminders (outbox extension, local)', () => {
  const reminders = async (event: string) =>
    (await target().outbox({ event, limit: '100' })).filter((m) => m.origin === 'reminder');

  it('schedules one reminder per flow step and contact when a client is attached', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10), time: '09:00' });
    const { uuid: client } = await clientWithContacts();
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    const rows = await reminders(event.uuid);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((m) => m.step))).toEqual(new Set(['7_days_before', '2_days_before', 'same_day']));
    expect(new Set(rows.map((m) => m.channel))).toEqual(new Set(['sms', 'email']));
    for (const m of rows) {
      expect(m.last_status).toBe('scheduled');
      expect(m.client).toBe(client);
      expect(m.content).toContain('Superior Court of Example County');
      expect(m.content).toMatch(/STOP/);
    }
  });

  it('schedules only the steps still in the future', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(4), time: '12:00' });
    const { uuid: client } = await createClient(target(), { phone: target().config.testPhone });
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    expect((await reminders(event.uuid)).map((m) => m.step).sort()).toEqual(['2_days_before', 'same_day']);
  });

  it('writes reminders in the client language', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10), time: '09:00' });
    const { uuid: client } = await createClient(target(), {
      phone: target().config.testPhone,
      language: 'es',
    });
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    for (const m of await reminders(event.uuid)) expect(m.content).toMatch(/le recordamos/);
  });

  it('creates no reminders for skip_sync and for an event without clients', async (ctx) => {
    await need(ctx, () => target().outbox());
    const { uuid: client } = await clientWithContacts();
    const skipped = await createEvent(target(), { client, skip_sync: true, date: daysFromToday(10) });
    const bare = await createEvent(target(), { date: daysFromToday(10) });
    expect(await reminders(skipped.uuid)).toEqual([]);
    expect(await reminders(bare.uuid)).toEqual([]);
  });

  it('detach hard-deletes the client unsent reminders for the event', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10) });
    const { uuid: client } = await clientWithContacts();
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    await target().api('DELETE', `/events/${event.uuid}/detach`, { client });
    expect(await reminders(event.uuid)).toEqual([]);
  });

  it('archive and delete cancel the unsent reminders; restore schedules them again', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10) });
    const { uuid: client } = await createClient(target(), { phone: target().config.testPhone });
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    await target().api('PUT', `/events/${event.uuid}/archive`);
    let rows = await reminders(event.uuid);
    expect(rows.map((m) => m.last_status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await target().api('PUT', `/events/${event.uuid}/restore`);
    rows = await reminders(event.uuid);
    expect(rows.filter((m) => m.last_status === 'scheduled')).toHaveLength(3);
    await target().api('DELETE', `/events/${event.uuid}`);
    rows = await reminders(event.uuid);
    expect(rows.filter((m) => m.last_status === 'scheduled')).toHaveLength(0);
  });

  it('an update reschedules the reminders for the new date', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10), time: '09:00' });
    const { uuid: client } = await createClient(target(), { phone: target().config.testPhone });
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    const before = (await reminders(event.uuid)).map((m) => m.scheduled_at).sort();
    await target().api('PATCH', `/events/${event.uuid}`, { date: daysFromToday(11) });
    const after = (await reminders(event.uuid)).map((m) => m.scheduled_at).sort();
    expect(after).toHaveLength(3);
    const day = (s: string) => Date.parse(`${s.slice(0, 10)}T00:00:00Z`);
    expect(after.map((s, i) => (day(s) - day(before[i]!)) / 86_400_000)).toEqual([1, 1, 1]);
  });

  it('sends the reminders at 10:00 and the same-day one at 07:00, skipping one at or after the start', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10), time: '06:30' });
    const { uuid: client } = await createClient(target(), { phone: target().config.testPhone });
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    const rows = await reminders(event.uuid);
    expect(rows.map((m) => m.step).sort()).toEqual(['2_days_before', '7_days_before']);
    for (const m of rows) expect(m.scheduled_at.endsWith(' 10:00:00')).toBe(true);
  });

  it('a client update (language) rewrites the scheduled reminders', async (ctx) => {
    await need(ctx, () => target().outbox());
    const event = await createEvent(target(), { date: daysFromToday(10) });
    const { uuid: client } = await createClient(target(), {
      phone: target().config.testPhone,
      language: 'en',
    });
    await target().api('POST', `/events/${event.uuid}/attach`, { client });
    await target().api('PATCH', `/clients/${client}`, { language: 'es' });
    const rows = await reminders(event.uuid);
    expect(rows).toHaveLength(3);
    for (const m of rows) expect(m.content).toMatch(/le recordamos/);
  });
});
