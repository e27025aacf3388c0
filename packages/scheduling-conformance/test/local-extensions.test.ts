import { describe, expect, it } from 'vitest';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';

const target = useTarget();

// Extensions of the local implementation outside the contract's paths (apps/scheduling-api/README.md).

describe('GET /_local/outbox', () => {
  it('needs the same bearer token as the API', async (ctx) => {
    await need(ctx, () => target().outbox());
    const res = await call(`${target().serverUrl}/_local/outbox`, 'GET');
    expect(res.status).toBe(401);
  });

  it('lists messages newest first and filters by recipient', async (ctx) => {
    await need(ctx, () => target().outbox());
    for (const content of ['first', 'second']) {
      await target().api('POST', '/messages/oneoffs', {
        to: 'outbox-test@court.example',
        content,
        send_now: true,
      });
    }
    const rows = await target().outbox({ to: 'OUTBOX-TEST@court.example' });
    expect(rows.map((m) => m.content)).toEqual(['second', 'first']);
  });

  it('refuses a limit that is not a number', async (ctx) => {
    await need(ctx, () => target().outbox());
    const res = await call(`${target().serverUrl}/_local/outbox?limit=many`, 'GET', {
      token: await target().token(),
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /health', () => {
  it('answers 200 without a token', async (ctx) => {
    if (target().kind === 'remote') ctx.skip('local implementation only');
    const res = await call(`${target().serverUrl}/health`, 'GET');
    expect(res.status).toBe(200);
  });
});
