import { describe, expect, it } from 'vitest';
import { expectStatus, ours, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { createEvent } from '../src/records.js';

const target = useTarget();

// The contract lists the status codes; it does not spell out their order. These rules are what any
// client can rely on: routing first, then authentication (401 is "not retryable without fixing the
// request", like 400), then the request itself.

describe('Order of checks', () => {
  it('returns 404 for an unknown endpoint without a token', async () => {
    expectStatus(target(), await call(target().url('/no-such-endpoint'), 'GET'), 404);
  });

  it('returns 404 for an unknown endpoint with a valid token', async () => {
    expectStatus(target(), await target().api('GET', '/no-such-endpoint'), 404);
  });

  it('returns 405 for a wrong method before checking the token', async (ctx) => {
    const res = await call(target().url('/settings'), 'DELETE');
    expectStatus(target(), res, 405);
    ours(ctx, target());
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('returns 405 for a wrong method on an event path, listing the allowed ones', async (ctx) => {
    const res = await target().api('POST', '/events/some-event');
    expectStatus(target(), res, 405);
    ours(ctx, target());
    expect(res.headers.get('allow')).toBe('DELETE, GET, PATCH, PUT');
  });

  it('returns 401 before validating the body (create event without a date and without a token)', async () => {
    expectStatus(target(), await call(target().url('/events'), 'POST', { body: {} }), 401);
  });

  it('returns 401 before parsing malformed JSON', async () => {
    const res = await call(target().url('/events'), 'POST', { body: '{"date": ' });
    expectStatus(target(), res, 401);
  });

  it('returns 400 for malformed JSON with a valid token', async () => {
    const res = await call(target().url('/events'), 'POST', {
      body: '{"date": ',
      token: await target().token(),
    });
    expectStatus(target(), res, 400, { field: null });
  });

  it('returns 401 before looking up an event (unknown event, no token)', async () => {
    expectStatus(
      target(),
      await call(target().url('/events/00000000-0000-4000-8000-000000000000'), 'GET'),
      401,
    );
  });

  it('returns 401 before the duplicate check of one-offs', async () => {
    const res = await call(target().url('/messages/oneoffs'), 'POST', {
      body: { to: target().config.testPhone, content: 'x', send_now: true },
    });
    expectStatus(target(), res, 401);
  });

  it('looks up the event (404) before validating the update body (400)', async (ctx) => {
    ours(ctx, target());
    const res = await target().api('PATCH', '/events/00000000-0000-4000-8000-000000000000', {
      date: 'not-a-date',
    });
    expectStatus(target(), res, 404);
  });

  it('looks up the event (404) before requiring the client of attach (400)', async (ctx) => {
    ours(ctx, target());
    const res = await target().api('POST', '/events/00000000-0000-4000-8000-000000000000/attach', {});
    expectStatus(target(), res, 404);
  });

  it('validates the attach body (400) before the conflict check (409)', async () => {
    const event = await createEvent(target());
    const res = await target().api('POST', `/events/${event.uuid}/attach`, {});
    expectStatus(target(), res, 400, { message: 'Client is required', field: 'client' });
  });
});
