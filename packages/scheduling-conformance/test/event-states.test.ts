import { describe, expect, it } from 'vitest';
import { expectStatus, unique, useTarget } from '../src/fixture.js';
import { createEvent, type EventRecord } from '../src/records.js';

const target = useTarget();

async function read(uuid: string) {
  return target().api('GET', `/events/${uuid}`);
}

async function listed(e: EventRecord): Promise<boolean> {
  const rows = (
    await target().api('GET', `/events?event_reference=${encodeURIComponent(String(e.event_reference))}`)
  ).body as EventRecord[];
  return rows.some((r) => r.uuid === e.uuid);
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('Event states and transitions', () => {
  it('(none) → active: a created event is listed and readable', async () => {
    const e = await createEvent(target());
    expect(await listed(e)).toBe(true);
    expect((await read(e.uuid)).status).toBe(200);
  });

  it('active → archived: 200 with a message; archived_at set; removed from the default list', async () => {
    const e = await createEvent(target());
    const res = await target().api('PUT', `/events/${e.uuid}/archive`);
    expect(res.status, res.text).toBe(200);
    expect(typeof (res.body as { message?: unknown }).message).toBe('string');
    const after = (await read(e.uuid)).body as EventRecord;
    expect(after.archived_at).not.toBeNull();
    expect(await listed(e)).toBe(false);
  });

  it('archived → active: restore answers 200 with a message and clears archived_at', async () => {
    const e = await createEvent(target());
    await target().api('PUT', `/events/${e.uuid}/archive`);
    const res = await target().api('PUT', `/events/${e.uuid}/restore`);
    expect(res.status, res.text).toBe(200);
    expect(typeof (res.body as { message?: unknown }).message).toBe('string');
    const after = (await read(e.uuid)).body as EventRecord;
    expect(after.archived_at).toBeNull();
    expect(await listed(e)).toBe(true);
  });

  it('active → deleted: 204 with no body; the event then reads as 404 and is not listed', async () => {
    const e = await createEvent(target());
    const res = await target().api('DELETE', `/events/${e.uuid}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectStatus(target(), await read(e.uuid), 404);
    expectStatus(
      target(),
      await target().api('GET', `/events/${encodeURIComponent(String(e.event_reference))}`),
      404,
    );
    expect(await listed(e)).toBe(false);
  });

  it('archived → deleted: 204', async () => {
    const e = await createEvent(target());
    await target().api('PUT', `/events/${e.uuid}/archive`);
    expect((await target().api('DELETE', `/events/${e.uuid}`)).status).toBe(204);
    expectStatus(target(), await read(e.uuid), 404);
  });

  it('deleted → active: restore clears deleted_at and archived_at', async () => {
    const e = await createEvent(target());
    await target().api('PUT', `/events/${e.uuid}/archive`);
    await target().api('DELETE', `/events/${e.uuid}`);
    const res = await target().api('PUT', `/events/${e.uuid}/restore`);
    expect(res.status, res.text).toBe(200);
    const after = (await read(e.uuid)).body as EventRecord;
    expect(after.deleted_at).toBeNull();
    expect(after.archived_at).toBeNull();
    expect(await listed(e)).toBe(true);
  });

  it('a soft-deleted event answers 404 to update, archive, delete, attach and attached', async () => {
    const e = await createEvent(target());
    await target().api('DELETE', `/events/${e.uuid}`);
    expectStatus(target(), await target().api('PATCH', `/events/${e.uuid}`, { status: 'x' }), 404);
    expectStatus(target(), await target().api('PUT', `/events/${e.uuid}/archive`), 404);
    expectStatus(target(), await target().api('DELETE', `/events/${e.uuid}`), 404);
    expectStatus(target(), await target().api('POST', `/events/${e.uuid}/attach`, { client: UNKNOWN }), 404);
    expectStatus(target(), await target().api('GET', `/events/${e.uuid}/attached`), 404);
  });

  it('answers 404 for every transition of an unknown event', async () => {
    for (const [method, path] of [
      ['PUT', `/events/${UNKNOWN}/archive`],
      ['PUT', `/events/${UNKNOWN}/restore`],
      ['DELETE', `/events/${UNKNOWN}`],
      ['PATCH', `/events/${UNKNOWN}`],
      ['PUT', `/events/${unique('no-ref')}/restore`],
    ] as const) {
      expectStatus(
        target(),
        await target().api(method, path, method === 'PATCH' ? { status: 'x' } : undefined),
        404,
      );
    }
  });

  it('active → active: an update keeps the event active and listed', async () => {
    const e = await createEvent(target());
    const res = await target().api('PATCH', `/events/${e.uuid}`, { notes: 'moved' });
    expect(res.status).toBe(200);
    expect(await listed(e)).toBe(true);
    expect((res.body as EventRecord).archived_at).toBeNull();
  });
});
