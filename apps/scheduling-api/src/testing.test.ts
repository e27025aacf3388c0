import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSchedulingApi, type TestSchedulingApi } from './testing.js';

let api: TestSchedulingApi;
let token: string;

beforeAll(async () => {
  api = await startTestSchedulingApi({ dispatcher: false });
  const res = await fetch(`${api.serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: api.clientId,
      client_secret: api.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(() => api.close());

const settings = () => fetch(`${api.url}/settings`, { headers: { authorization: `Bearer ${token}` } });

describe('startTestSchedulingApi', () => {
  it('serves the seeded demo hearings to its own credentials', async () => {
    const res = await fetch(`${api.url}/events?case_number=EX-2026-TR-000123`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await res.json()) as { type: string }[]).map((e) => e.type)).toEqual(['Traffic arraignment']);
  });

  it('answers injected failures in place of the next requests, with Retry-After for 503', async () => {
    api.failNext(503, 2);
    for (let i = 0; i < 2; i++) {
      const res = await settings();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('60');
    }
    expect((await settings()).status).toBe(200);
  });

  it('keeps routing first: an unknown path is 404 even with a failure queued', async () => {
    api.failNext(429);
    expect((await fetch(`${api.url}/nope`)).status).toBe(404);
    expect((await settings()).status).toBe(429);
  });

  it('marks due messages sent on demand when the dispatcher is off', async () => {
    const res = await fetch(`${api.url}/messages/oneoffs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        to: 'someone@court.example',
        content: 'hello',
        scheduled_at: '2020-01-01 09:00:00',
      }),
    });
    expect(res.status).toBe(201);
    expect(api.deliverDue()).toBe(1);
  });
});
