import { describe, expect, it } from 'vitest';
import { expectStatus, need, ours, unique, useTarget } from '../src/fixture.js';

const target = useTarget();

interface Message {
  uuid: string;
  from: string;
  to: string;
  subject: string | null;
  content: string;
  last_status: string;
  sent: number;
  mms: number;
  scheduled_at: string;
}

/** A `YYYY-MM-DD HH:MM:SS` wall-clock time `minutes` from now in the given zone. */
function inZone(minutes: number, timeZone = 'America/Los_Angeles'): string {
  const d = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(d);
}

function oneoff(body: Record<string, unknown>) {
  return target().api('POST', '/messages/oneoffs', body);
}

describe('POST /messages/oneoffs', () => {
  it('returns 201 with the message object: last_status scheduled, sent 0, mms 0', async () => {
    const content = unique('Your code is');
    const res = await oneoff({ to: target().config.testPhone, content, send_now: true });
    expect(res.status, res.text).toBe(201);
    const m = res.body as Message;
    expect(typeof m.uuid).toBe('string');
    expect(m).toMatchObject({ content, last_status: 'scheduled', sent: 0, mms: 0 });
    expect(m.scheduled_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof m.from).toBe('string');
  });

  it('accepts a scheduled message with scheduled_at and timezone', async () => {
    const res = await oneoff({
      to: target().config.testEmail,
      subject: 'Court reminder',
      content: unique('Scheduled'),
      scheduled_at: inZone(24 * 60, 'America/New_York'),
      timezone: 'America/New_York',
    });
    expect(res.status, res.text).toBe(201);
    expect((res.body as Message).subject).toBe('Court reminder');
  });

  it('refuses the same message within 30 minutes of scheduled_at with 409', async () => {
    const body = {
      to: target().config.testEmail,
      subject: 'Dup',
      content: unique('Duplicate check'),
      timezone: 'America/Los_Angeles',
    };
    expect((await oneoff({ ...body, scheduled_at: inZone(120) })).status).toBe(201);
    expectStatus(target(), await oneoff({ ...body, scheduled_at: inZone(120) }), 409);
    expectStatus(target(), await oneoff({ ...body, scheduled_at: inZone(120 + 29) }), 409);
    expectStatus(target(), await oneoff({ ...body, scheduled_at: inZone(120 - 29) }), 409);
  });

  it('accepts the same message again outside the 30-minute window', async () => {
    const body = {
      to: target().config.testEmail,
      subject: 'Dup',
      content: unique('Window'),
      timezone: 'America/Los_Angeles',
    };
    expect((await oneoff({ ...body, scheduled_at: inZone(300) })).status).toBe(201);
    expect((await oneoff({ ...body, scheduled_at: inZone(300 + 31) })).status).toBe(201);
    expect((await oneoff({ ...body, scheduled_at: inZone(300 - 31) })).status).toBe(201);
  });

  it('refuses an immediate duplicate (send_now twice) with 409', async () => {
    const body = { to: target().config.testPhone, content: unique('Code'), send_now: true };
    expect((await oneoff(body)).status).toBe(201);
    expectStatus(target(), await oneoff(body), 409);
  });

  it('bypasses the duplicate check with skip_duplicate', async () => {
    const body = { to: target().config.testPhone, content: unique('Code'), send_now: true };
    expect((await oneoff(body)).status).toBe(201);
    expect((await oneoff({ ...body, skip_duplicate: true })).status).toBe(201);
  });

  it('does not count a different content or recipient as a duplicate', async () => {
    const content = unique('Code');
    expect((await oneoff({ to: target().config.testPhone, content, send_now: true })).status).toBe(201);
    expect(
      (await oneoff({ to: target().config.testPhone, content: `${content}!`, send_now: true })).status,
    ).toBe(201);
    expect((await oneoff({ to: target().config.testEmail, content, send_now: true })).status).toBe(201);
  });

  it('compares phone numbers by their digits, whatever the format (our choice)', async (ctx) => {
    ours(ctx, target());
    const content = unique('Code');
    expect((await oneoff({ to: '+1 (555) 010-0142', content, send_now: true })).status).toBe(201);
    expectStatus(target(), await oneoff({ to: '555.010.0142', content, send_now: true }), 409);
  });

  it('takes duplicate_buffer and duplicate_interval as minutes before and after (our choice)', async (ctx) => {
    ours(ctx, target());
    const body = {
      to: target().config.testEmail,
      content: unique('Narrow'),
      timezone: 'America/Los_Angeles',
    };
    expect((await oneoff({ ...body, scheduled_at: inZone(600) })).status).toBe(201);
    const narrow = { duplicate_buffer: 5, duplicate_interval: 5 };
    expect((await oneoff({ ...body, ...narrow, scheduled_at: inZone(610) })).status).toBe(201);
    expectStatus(target(), await oneoff({ ...body, ...narrow, scheduled_at: inZone(604) }), 409);
  });

  it('returns 400 naming to, content or scheduled_at when missing (our field names)', async (ctx) => {
    ours(ctx, target());
    expectStatus(target(), await oneoff({ content: 'x', send_now: true }), 400, { field: 'to' });
    expectStatus(target(), await oneoff({ to: target().config.testPhone, send_now: true }), 400, {
      field: 'content',
    });
    expectStatus(target(), await oneoff({ to: target().config.testPhone, content: 'x' }), 400, {
      field: 'scheduled_at',
    });
    expectStatus(
      target(),
      await oneoff({
        to: target().config.testPhone,
        content: 'x',
        scheduled_at: '2031-01-01 10:00:00',
        timezone: 'Mars/Base',
      }),
      400,
      { field: 'timezone' },
    );
  });

  it('writes the message to the outbox and marks a send_now message sent', async (ctx) => {
    await need(ctx, () => target().outbox());
    const content = unique('Outbox');
    const created = (await oneoff({ to: target().config.testPhone, content, send_now: true }))
      .body as Message;
    const rows = await target().outbox({ to: target().config.testPhone, limit: '100' });
    const row = rows.find((m) => m.uuid === created.uuid);
    expect(row).toMatchObject({ content, origin: 'oneoff', channel: 'sms', last_status: 'sent', sent: 1 });
  });
});
