import { randomUUID } from 'node:crypto';
import { webhookHmac } from '@amicus/contract/node';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminFixture, startAdminFixture, WEBHOOK_SECRET } from '../admin/testing/fixture.js';
import { insertJob } from '../jobs/jobs.js';

let f: AdminFixture;
beforeAll(async () => {
  f = await startAdminFixture({ heartbeatMs: 50 });
});
afterAll(async () => {
  await f.close();
});

function deliver(
  body: unknown,
  {
    t,
    secret = WEBHOOK_SECRET,
    id = randomUUID(),
    header,
  }: {
    t?: number;
    secret?: string;
    id?: string;
    header?: string;
  } = {},
) {
  const raw = Buffer.from(JSON.stringify(body));
  const ts = t ?? Math.floor(f.clock.now.getTime() / 1000);
  return fetch(`${f.origin}/webhooks/chatbot`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-svc-event': 'ingest.completed',
      'x-svc-delivery-id': id,
      'x-svc-signature': header ?? `t=${ts},v1=${webhookHmac(secret, ts, raw)}`,
    },
    body: raw,
  });
}

async function newJob() {
  const id = randomUUID();
  await insertJob(
    f.deps.sql,
    { id, kind: 'ingest', namespace: 'general', status: 'processing', createdBy: 'admin' },
    f.clock.now,
  );
  return id;
}

async function jobStatus(id: string): Promise<string | undefined> {
  const rows = await f.deps.sql.query<{ status: string }>('SELECT status FROM admin_jobs WHERE id = $1', [
    id,
  ]);
  return rows[0]?.status;
}

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('webhook receiver', () => {
  it('never answers 5xx to arbitrary headers and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(
          fc.oneof(
            fc.string({ maxLength: 120 }),
            fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`),
          ),
        ),
        fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 200 }))),
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
        ),
        async (signature, deliveryId, body) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          const safe = (v: string) => v.replace(/[^\x20-\x7e]/g, '');
          if (signature !== null) headers['x-svc-signature'] = safe(signature);
          if (deliveryId !== null) headers['x-svc-delivery-id'] = safe(deliveryId);
          const res = await fetch(`${f.origin}/webhooks/chatbot`, { method: 'POST', headers, body });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answers 5xx to correctly signed arbitrary bodies', async () => {
    const id = await newJob();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            id: fc.constant(id),
            status: fc.jsonValue(),
            namespace: fc.jsonValue(),
            errors: fc.jsonValue(),
          }),
        ),
        async (body) => {
          const res = await deliver(body);
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('applies a valid signed delivery to the job', async () => {
    const id = await newJob();
    const res = await deliver({
      event: 'ingest.completed',
      id,
      status: 'completed',
      namespace: 'general',
      errors: [],
    });
    expect(res.status).toBe(200);
    await until(async () => (await jobStatus(id)) === 'completed');
    expect(await jobStatus(id)).toBe('completed');
  });

  it('rejects a forged signature with 401 and changes nothing', async () => {
    const id = await newJob();
    const res = await deliver({ id, status: 'failed' }, { secret: 'not-the-secret' });
    expect(res.status).toBe(401);
    expect(await jobStatus(id)).toBe('processing');
  });

  it('rejects a missing signature with 401 and a malformed one with 400', async () => {
    const raw = JSON.stringify({ id: randomUUID(), status: 'completed' });
    const missing = await fetch(`${f.origin}/webhooks/chatbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-delivery-id': randomUUID() },
      body: raw,
    });
    expect(missing.status).toBe(401);
    expect((await deliver({}, { header: 't=abc,v1=zz' })).status).toBe(400);
  });

  it('rejects stale and future timestamps (more than 300 s away)', async () => {
    const now = Math.floor(f.clock.now.getTime() / 1000);
    expect((await deliver({ status: 'completed' }, { t: now - 301 })).status).toBe(401);
    expect((await deliver({ status: 'completed' }, { t: now + 301 })).status).toBe(401);
    expect((await deliver({ status: 'completed' }, { t: now - 299 })).status).toBe(200);
  });

  it('acknowledges a replayed delivery id with 200 but processes it once', async () => {
    const id = await newJob();
    const deliveryId = randomUUID();
    const first = await deliver({ id, status: 'completed' }, { id: deliveryId });
    expect(await first.json()).toMatchObject({ duplicate: false });
    await until(async () => (await jobStatus(id)) === 'completed');
    // A replay carrying a different status must not be applied.
    const replay = await deliver({ id, status: 'failed' }, { id: deliveryId });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(await jobStatus(id)).toBe('completed');
  });

  it('rejects a replayed webhook delivery under a new delivery id', async () => {
    const id = await newJob();
    const captured = { event: 'ingest.completed', id, status: 'completed', namespace: 'general', errors: [] };
    const t = Math.floor(f.clock.now.getTime() / 1000);
    const first = await deliver(captured, { t });
    expect(await first.json()).toMatchObject({ duplicate: false });
    await until(async () => (await jobStatus(id)) === 'completed');
    // The job runs again; an attacker re-sends the captured bytes and signature under a fresh id.
    await f.deps.sql.query(`UPDATE admin_jobs SET status = 'processing' WHERE id = $1`, [id]);
    const replayId = randomUUID();
    f.clock.advance(200_000); // still inside the 300 s the timestamp is accepted for
    try {
      const replay = await deliver(captured, { t, id: replayId });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toMatchObject({ duplicate: true });
    } finally {
      f.clock.advance(-200_000);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await jobStatus(id)).toBe('processing');
    const recorded = await f.deps.sql.query('SELECT 1 FROM webhook_deliveries WHERE delivery_id = $1', [
      replayId,
    ]);
    expect(recorded).toHaveLength(0);
    // A genuinely new delivery (new timestamp, so new signed content) is still applied.
    f.clock.advance(1000);
    const next = await deliver(captured);
    expect(await next.json()).toMatchObject({ duplicate: false });
    await until(async () => (await jobStatus(id)) === 'completed');
    expect(await jobStatus(id)).toBe('completed');
  });

  it('returns 401, not 5xx, when no secret is configured', async () => {
    const g = await startAdminFixture({ env: { WEBHOOK_SECRET: '' } });
    try {
      const res = await fetch(`${g.origin}/webhooks/chatbot`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(401);
    } finally {
      await g.close();
    }
  });
});

describe('admin SSE events', () => {
  it('pushes a job event to a signed-in subscriber after a signed webhook', async () => {
    const id = await newJob();
    const headers = await f.session();
    const controller = new AbortController();
    const res = await fetch(`${f.baseUrl}/events`, { headers, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const read = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    };
    await read('event: ready');
    await deliver({
      event: 'ingest.completed',
      id,
      status: 'completed_with_errors',
      namespace: 'general',
      errors: [],
    });
    await read('event: job');
    await read('\n\n');
    const frame = text.slice(text.indexOf('event: job'));
    const data = JSON.parse(/data: (.*)/.exec(frame)![1]!) as {
      id: string;
      status: string;
      upstream: unknown;
    };
    expect(data).toMatchObject({
      id,
      status: 'completed_with_errors',
      upstream: { status: 'completed_with_errors' },
    });
    await read(': ping');
    controller.abort();
  });

  it('ends the stream once the session is signed out', async () => {
    const headers = await f.session();
    const res = await fetch(`${f.baseUrl}/events`, { headers });
    const text = res.text();
    await fetch(`${f.baseUrl}/logout`, { method: 'POST', headers });
    expect(await text).toContain('event: ready');
  });

  it('refuses the event stream without a session', async () => {
    expect((await fetch(`${f.baseUrl}/events`)).status).toBe(401);
  });
});
