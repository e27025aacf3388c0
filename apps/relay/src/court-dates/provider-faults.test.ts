import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCourtDatesRelay } from '../../test/court-dates.js';
import { captureLogs, widgetApi } from '../../test/helpers.js';
import { AdminTestClient } from '../admin/testing/admin-client.js';
import type { TestRelay } from '../testing.js';

/*
 * A scheduling provider that answers 200 with something else than its contract says: a body that is not
 * JSON, JSON of another shape, an event without a date. The visitor is told to try again shortly (503,
 * the relay's envelope), never a 500; the relay's log says what was wrong, for staff.
 */

const CASE = 'EX-2026-TR-000123';

type Reply = { status?: number; type?: string; body: string };
// The settings staff's status page checks the credentials with.
const SETTINGS: Record<string, Reply> = {
  '/v1/settings': { body: JSON.stringify({ name: 'Example County', timezone: 'America/Los_Angeles' }) },
};

describe('a scheduling provider answering out of contract', () => {
  let provider: Server;
  let relay: TestRelay;
  let admin: AdminTestClient;
  const logs = captureLogs();
  // What the provider answers, per path; the token endpoint always works.
  let replies: Record<string, Reply> = {};

  beforeAll(async () => {
    provider = createServer((req, res) => {
      req.resume();
      const path = (req.url ?? '').split('?')[0]!;
      const reply: Reply =
        path === '/oauth/token'
          ? { body: JSON.stringify({ access_token: 'tok', expires_in: 3600, token_type: 'Bearer' }) }
          : (replies[path] ?? SETTINGS[path] ?? { status: 404, body: '{"message":"Not found."}' });
      res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'application/json' });
      res.end(reply.body);
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    const standIn = { serverUrl: `http://127.0.0.1:${port}`, clientId: 'client', clientSecret: 'secret' };
    relay = await startCourtDatesRelay(standIn, {
      logDestination: logs.stream,
      env: {
        SCHEDULING_COURT_NAME: 'Superior Court of Example County',
        LIMIT_LOOKUPS_PER_MINUTE: '1000',
      },
    });
    admin = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
  });
  afterAll(async () => {
    await relay?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });
  beforeEach(() => {
    replies = {};
  });

  const lookup = async () => {
    const w = widgetApi(relay.url);
    const res = await w.call('/api/court-dates/lookup', {
      method: 'POST',
      token: await w.session(),
      body: JSON.stringify({ case_number: CASE, language: 'en' }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
  };
  /** The message of the last provider error the relay logged for staff. */
  const loggedError = () =>
    logs.lines
      .map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } })
      .filter((l) => l.msg === 'scheduling service error')
      .at(-1)?.err?.message;

  const event = { uuid: 'e1', case_number: CASE, date: '2030-01-15', time: '09:00', type: 'hearing' };
  it.each<[string, Record<string, Reply>, RegExp]>([
    [
      'a list that is an HTML page',
      { '/v1/events': { type: 'text/html', body: '<html>Maintenance</html>' } },
      /not JSON/,
    ],
    ['a list that is an object', { '/v1/events': { body: '{"data":[]}' } }, /unexpected shape/],
    ['a list of strings', { '/v1/events': { body: '["e1"]' } }, /unexpected shape/],
    ['a list cut short', { '/v1/events': { body: `[${JSON.stringify(event).slice(0, 20)}` } }, /not JSON/],
    [
      'an event without its date',
      {
        '/v1/events': { body: JSON.stringify([event]) },
        '/v1/events/e1': { body: JSON.stringify({ ...event, date: null }) },
      },
      /unexpected shape/,
    ],
    [
      'an event that is null',
      { '/v1/events': { body: JSON.stringify([event]) }, '/v1/events/e1': { body: 'null' } },
      /unexpected shape/,
    ],
  ])('tells the visitor to try again shortly for %s, and logs what was wrong', async (_name, r, why) => {
    replies = r;
    const res = await lookup();
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('upstream_unavailable');
    expect(loggedError()).toMatch(why);
  });

  it('shows staff the last failure on the status page, with its time, after the provider answers again', async () => {
    replies = { '/v1/events': { body: '{"data":[]}' } };
    expect((await lookup()).status).toBe(503);
    // The page's own check (GET /settings) works: the connection is fine now, the failure stays listed.
    const { body } = await admin.json<{
      check: { ok: boolean };
      status: { last_error: string | null; last_error_at: string | null };
    }>('/court-dates/status');
    expect(body.check.ok).toBe(true);
    expect(body.status.last_error).toBe('GET /v1/events answered with data of an unexpected shape.');
    expect(Date.parse(body.status.last_error_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('still answers once the provider does', async () => {
    replies = {
      '/v1/events': { body: JSON.stringify([event]) },
      '/v1/events/e1': {
        body: JSON.stringify({ ...event, timezone: 'America/Los_Angeles', is_past: false }),
      },
    };
    const res = await lookup();
    expect(res.status).toBe(200);
  });
});
