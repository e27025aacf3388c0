import { describe, expect, it } from 'vitest';
import { daysFromToday, expectStatus, ours, unique, useTarget } from '../src/fixture.js';
import { createClient, createEvent, type EventRecord } from '../src/records.js';

const target = useTarget();

const STORED = [
  'uuid',
  'client',
  'event_reference',
  'date',
  'time',
  'end_date',
  'end_time',
  'type',
  'status',
  'appeared',
  'case_number',
  'location',
  'location_notes',
  'judge_name',
  'flow',
  'portal',
  'virtual',
  'virtual_notes',
  'description',
  'notes',
  'code',
  'url',
  'upload',
  'created_by',
  'created_at',
  'updated_at',
  'archived_at',
  'deleted_at',
];
const COMPUTED = [
  'timezone',
  'flow_name',
  'location_name',
  'first_name',
  'last_name',
  'client_uuid',
  'language',
  'date_time',
  'is_now',
  'is_past',
];

describe('POST /events', () => {
  it('returns 201 with the stored fields plus timezone, virtual as 0, a generated uuid and url', async () => {
    const date = daysFromToday(30);
    const res = await target().api('POST', '/events', { date, event_reference: unique('conf-event') });
    expect(res.status, res.text).toBe(201);
    const e = res.body as EventRecord;
    for (const f of [...STORED, 'timezone']) expect(e, f).toHaveProperty(f);
    expect(e.date).toBe(date);
    expect(e.virtual).toBe(0);
    expect(typeof e.url).toBe('string');
    expect((e.url as string).length).toBeGreaterThan(0);
    expect(e.archived_at).toBeNull();
    expect(e.deleted_at).toBeNull();
    expect(e.created_by ?? null).toBeNull();
  });

  it('returns 400 "Date required" without a date', async () => {
    const res = await target().api('POST', '/events', {
      event_reference: unique('conf-event'),
      time: '09:00',
    });
    expectStatus(target(), res, 400, { message: 'Date required', field: 'date' });
  });

  it('returns 400 "Date required" for a date that is not YYYY-MM-DD', async () => {
    for (const date of ['12/01/2030', '2030-02-30', 'tomorrow']) {
      const res = await target().api('POST', '/events', { date });
      expectStatus(target(), res, 400, { message: 'Date required', field: 'date' });
    }
  });

  it('accepts start_date and start_time as aliases', async () => {
    const date = daysFromToday(31);
    const e = await createEvent(target(), {
      date: undefined,
      time: undefined,
      start_date: date,
      start_time: '14:15',
    });
    expect(e.date).toBe(date);
    expect(String(e.time).slice(0, 5)).toBe('14:15');
  });

  it('splits date_time into date and time', async () => {
    const date = daysFromToday(32);
    const e = await createEvent(target(), {
      date: undefined,
      time: undefined,
      date_time: `${date} 08:45:00`,
    });
    expect(e.date).toBe(date);
    expect(String(e.time).slice(0, 5)).toBe('08:45');
  });

  it('accepts HH:MM:SS as the time', async () => {
    const e = await createEvent(target(), { time: '10:30:00' });
    expect(String(e.time).slice(0, 5)).toBe('10:30');
  });

  it('marks the event virtual for 1, true, yes and y, and not for other values', async () => {
    for (const v of [1, true, 'yes', 'y', '1', 'true']) {
      expect((await createEvent(target(), { virtual: v })).virtual, String(v)).toBe(1);
    }
    for (const v of [0, false, 'no']) {
      expect((await createEvent(target(), { virtual: v })).virtual, String(v)).toBe(0);
    }
  });

  it('reads a null virtual as 0 and refuses an object or array there with 400 naming it', async (ctx) => {
    ours(ctx, target());
    expect((await createEvent(target(), { virtual: null })).virtual).toBe(0);
    for (const virtual of [{ toString: '' }, ['yes']]) {
      const res = await target().api('POST', '/events', { date: daysFromToday(3), virtual });
      expectStatus(target(), res, 400, { field: 'virtual' });
    }
  });

  it('refuses a time that is not HH:MM with 400 naming it', async (ctx) => {
    ours(ctx, target());
    const res = await target().api('POST', '/events', { date: daysFromToday(3), time: '25:00' });
    expectStatus(target(), res, 400, { field: 'time' });
  });

  it('refuses an unknown flow, location or portal with 400 naming it', async (ctx) => {
    ours(ctx, target());
    for (const field of ['flow', 'location', 'portal']) {
      const res = await target().api('POST', '/events', {
        date: daysFromToday(3),
        [field]: 'no-such-record',
      });
      expectStatus(target(), res, 400, { field });
    }
  });

  it('refuses an unknown client with 400 naming the field used', async (ctx) => {
    ours(ctx, target());
    const res = await target().api('POST', '/events', {
      date: daysFromToday(3),
      client_reference: unique('nobody'),
    });
    expectStatus(target(), res, 400, { field: 'client_reference' });
  });

  it('sets the client from client_reference and applies the agency default flow, location and portal', async () => {
    const { uuid, client_reference } = await createClient(target());
    const e = await createEvent(target(), { client_reference, skip_sync: true });
    expect(e.client).toBe(uuid);
    expect(typeof e.flow).toBe('string');
    expect(typeof e.location).toBe('string');
  });

  it('resolves a location given by name to its UUID', async (ctx) => {
    ours(ctx, target());
    const e = await createEvent(target(), { location: 'North County Branch' });
    expect(e.location).toMatch(/^[0-9a-f-]{36}$/);
    const read = (await target().api('GET', `/events/${e.uuid}`)).body as EventRecord;
    expect(read.location_name).toBe('North County Branch');
  });

  it('refuses a url slug already used by another event', async (ctx) => {
    ours(ctx, target());
    const url = unique('slug');
    await createEvent(target(), { url });
    const res = await target().api('POST', '/events', { date: daysFromToday(3), url });
    expectStatus(target(), res, 400, { field: 'url' });
  });
});

describe('GET /events/{uuid}', () => {
  it('reads an event by UUID with the computed fields', async () => {
    const { uuid: client } = await createClient(target(), {
      language: 'es',
      first_name: 'Luz',
      last_name: 'Mora',
    });
    const e = await createEvent(target(), { client, skip_sync: true, time: '09:30' });
    const res = await target().api('GET', `/events/${e.uuid}`);
    expect(res.status).toBe(200);
    const read = res.body as EventRecord;
    for (const f of [...STORED, ...COMPUTED]) expect(read, f).toHaveProperty(f);
    expect(read).toMatchObject({
      uuid: e.uuid,
      first_name: 'Luz',
      last_name: 'Mora',
      client_uuid: client,
      language: 'es',
      is_now: false,
      is_past: false,
    });
    expect(String(read.date_time)).toContain(String(e.date));
    expect(typeof read.timezone).toBe('string');
    expect(typeof read.flow_name).toBe('string');
  });

  it('reads an event by event_reference', async () => {
    const e = await createEvent(target());
    const res = await target().api('GET', `/events/${encodeURIComponent(String(e.event_reference))}`);
    expect(res.status).toBe(200);
    expect((res.body as EventRecord).uuid).toBe(e.uuid);
  });

  it('combines date and time into date_time as YYYY-MM-DD HH:MM:SS (our format)', async (ctx) => {
    ours(ctx, target());
    const e = await createEvent(target(), { date: '2031-03-04', time: '13:05' });
    const read = (await target().api('GET', `/events/${e.uuid}`)).body as EventRecord;
    expect(read.date_time).toBe('2031-03-04 13:05:00');
  });

  it('says is_past for an event of last year', async () => {
    const e = await createEvent(target(), { date: daysFromToday(-365) });
    const read = (await target().api('GET', `/events/${e.uuid}`)).body as EventRecord;
    expect(read.is_past).toBe(true);
    expect(read.is_now).toBe(false);
  });

  it('says is_now for an event happening now', async (ctx) => {
    ours(ctx, target());
    const start = new Date(Date.now() - 60 * 60_000);
    const end = new Date(Date.now() + 60 * 60_000);
    const tz = 'America/Los_Angeles';
    const fmt = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(d)
        .split(' ') as [string, string];
    const [date, time] = fmt(start);
    const [endDate, endTime] = fmt(end);
    const e = await createEvent(target(), {
      date,
      time,
      end_date: endDate,
      end_time: endTime,
      skip_sync: true,
    });
    const read = (await target().api('GET', `/events/${e.uuid}`)).body as EventRecord;
    expect(read.is_now).toBe(true);
    expect(read.is_past).toBe(false);
  });

  it('returns 404 naming the event for an unknown UUID or reference', async () => {
    for (const ref of ['00000000-0000-4000-8000-000000000000', unique('no-such-ref')]) {
      const res = await target().api('GET', `/events/${ref}`);
      expectStatus(target(), res, 404, { message: new RegExp(ref) });
    }
  });
});

describe('PATCH and PUT /events/{uuid}', () => {
  it('changes only the fields sent and returns the stored fields plus timezone', async () => {
    const e = await createEvent(target(), { type: 'Arraignment', notes: 'keep me' });
    const res = await target().api('PATCH', `/events/${e.uuid}`, { status: 'continued', time: '11:00' });
    expect(res.status, res.text).toBe(200);
    const body = res.body as EventRecord;
    expect(body).toMatchObject({ uuid: e.uuid, status: 'continued', type: 'Arraignment', notes: 'keep me' });
    expect(String(body.time).slice(0, 5)).toBe('11:00');
    expect(body).toHaveProperty('timezone');
    expect(body.virtual === 0 || body.virtual === 1).toBe(true);
  });

  it('treats PUT as an alias of PATCH', async () => {
    const e = await createEvent(target(), { type: 'Arraignment' });
    const res = await target().api('PUT', `/events/${e.uuid}`, { appeared: 'yes' });
    expect(res.status, res.text).toBe(200);
    expect(res.body as EventRecord).toMatchObject({ appeared: 'yes', type: 'Arraignment' });
  });

  it('returns 404 for an unknown event', async () => {
    const res = await target().api('PATCH', '/events/00000000-0000-4000-8000-000000000000', { status: 'x' });
    expectStatus(target(), res, 404);
  });

  it('returns 400 naming the field for an invalid date', async (ctx) => {
    ours(ctx, target());
    const e = await createEvent(target());
    const res = await target().api('PATCH', `/events/${e.uuid}`, { date: '2030-13-01' });
    expectStatus(target(), res, 400, { field: 'date', message: 'Date required' });
  });
});
