import { describe, expect, it } from 'vitest';
import { expectStatus, ours, unique, useTarget } from '../src/fixture.js';
import { createClient } from '../src/records.js';

const target = useTarget();

interface Client {
  uuid: string;
  first_name: string | null;
  last_name: string | null;
  phone?: string | null;
  email?: string | null;
  client_reference: string | null;
  language?: string | null;
  status?: string | null;
}

describe('GET /settings', () => {
  it('returns the agency settings as an object', async () => {
    const res = await target().api('GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body).toBeTypeOf('object');
  });

  it('falls back to the default agency when the agency sent is not found', async () => {
    const plain = await target().api('GET', '/settings');
    const unknown = await target().api('GET', '/settings?agency_reference=no-such-agency-xyz');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(plain.body);
  });

  it('names the agency time zone (our settings record)', async (ctx) => {
    ours(ctx, target());
    const body = (await target().api('GET', '/settings')).body as Record<string, unknown>;
    expect(body.timezone).toBe('America/Los_Angeles');
    expect(body.name).toBe('Superior Court of Example County');
    expect(body.send_immediately).toBe(true);
    expect(body.default_message_delay).toBe(0);
  });
});

describe('POST /clients', () => {
  it('returns 201 with uuid, first_name, last_name and client_reference', async () => {
    const client_reference = unique('conf-client');
    const res = await target().api('POST', '/clients', {
      first_name: 'Ana',
      last_name: 'Rivera',
      phone: target().config.testPhone,
      email: target().config.testEmail,
      client_reference,
      language: 'es',
    });
    expect(res.status, res.text).toBe(201);
    const body = res.body as Client;
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/i);
    expect(body).toMatchObject({ first_name: 'Ana', last_name: 'Rivera', client_reference });
  });

  it('refuses a client_reference that is already taken with 400 naming it', async (ctx) => {
    ours(ctx, target());
    const { client_reference } = await createClient(target());
    const res = await target().api('POST', '/clients', { first_name: 'B', client_reference });
    expectStatus(target(), res, 400, { field: 'client_reference' });
  });

  it('refuses a field of the wrong type with 400 naming it', async (ctx) => {
    ours(ctx, target());
    const res = await target().api('POST', '/clients', { first_name: ['x'] });
    expectStatus(target(), res, 400, { field: 'first_name' });
  });
});

describe('GET /clients', () => {
  it('finds a client by client_reference', async () => {
    const { uuid, client_reference } = await createClient(target(), { language: 'en' });
    const res = await target().api(
      'GET',
      `/clients?client_reference=${encodeURIComponent(client_reference)}`,
    );
    expect(res.status).toBe(200);
    const list = res.body as Client[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ uuid, client_reference, language: 'en' });
  });

  it('returns an empty array for a client_reference nobody has', async () => {
    const res = await target().api('GET', `/clients?client_reference=${unique('nobody')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('pages with limit and skip', async () => {
    await createClient(target());
    await createClient(target());
    const one = (await target().api('GET', '/clients?limit=1')).body as Client[];
    const next = (await target().api('GET', '/clients?limit=1&skip=1')).body as Client[];
    expect(one).toHaveLength(1);
    expect(next).toHaveLength(1);
    expect(next[0]!.uuid).not.toBe(one[0]!.uuid);
  });
});

describe('PATCH /clients/{client_uuid}', () => {
  it('updates only the fields sent (language, status)', async () => {
    const { uuid, client_reference } = await createClient(target(), { language: 'en' });
    const res = await target().api('PATCH', `/clients/${uuid}`, { language: 'es', status: 'active' });
    expect(res.status, res.text).toBe(200);
    const list = (await target().api('GET', `/clients?client_reference=${client_reference}`))
      .body as Client[];
    expect(list[0]).toMatchObject({
      uuid,
      language: 'es',
      status: 'active',
      first_name: 'Test',
      last_name: 'Client',
    });
  });

  it('accepts the client_reference in place of the UUID', async () => {
    const { uuid, client_reference } = await createClient(target());
    const res = await target().api('PATCH', `/clients/${encodeURIComponent(client_reference)}`, {
      status: 'active',
    });
    expect(res.status, res.text).toBe(200);
    expect((res.body as Client).uuid).toBe(uuid);
  });

  it('returns 404 for an unknown client', async () => {
    const res = await target().api('PATCH', '/clients/00000000-0000-4000-8000-000000000000', { status: 'x' });
    expectStatus(target(), res, 404);
  });
});

describe('GET /contacts', () => {
  it('lists the contact records made from the phone and e-mail, by client UUID or client_reference', async () => {
    const { uuid, client_reference } = await createClient(target(), {
      phone: target().config.testPhone,
      email: target().config.testEmail,
    });
    for (const query of [`client=${uuid}`, `client_reference=${encodeURIComponent(client_reference)}`]) {
      const res = await target().api('GET', `/contacts?${query}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body as unknown[]).toHaveLength(2);
    }
  });

  it('reads each contact as type and value (our record)', async (ctx) => {
    ours(ctx, target());
    const { uuid } = await createClient(target(), { phone: '+1 555 010 0111', email: 'x@court.example' });
    const list = (await target().api('GET', `/contacts?client=${uuid}&sort=type&sortDirection=asc`)).body as {
      type: string;
      value: string;
      client: string;
    }[];
    expect(list.map((c) => [c.type, c.value, c.client])).toEqual([
      ['email', 'x@court.example', uuid],
      ['phone', '+1 555 010 0111', uuid],
    ]);
  });

  it('replaces the phone contact when the client phone changes', async (ctx) => {
    ours(ctx, target());
    const { uuid } = await createClient(target(), { phone: '+1 555 010 0112' });
    await target().api('PATCH', `/clients/${uuid}`, { phone: '+1 555 010 0113' });
    const list = (await target().api('GET', `/contacts?client=${uuid}`)).body as { value: string }[];
    expect(list.map((c) => c.value)).toEqual(['+1 555 010 0113']);
  });

  it('returns an empty array for a client that does not exist', async (ctx) => {
    ours(ctx, target());
    const res = await target().api('GET', '/contacts?client=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
