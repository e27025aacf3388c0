import { expect } from 'vitest';
import { unique } from './fixture.js';
import type { Target } from './target.js';

export interface EventRecord {
  uuid: string;
  [field: string]: unknown;
}

/** Creates a client with a unique reference; returns its UUID and reference. */
export async function createClient(
  t: Target,
  fields: Record<string, unknown> = {},
): Promise<{ uuid: string; client_reference: string }> {
  const client_reference = unique('conf-client');
  const res = await t.api('POST', '/clients', {
    first_name: 'Test',
    last_name: 'Client',
    client_reference,
    ...fields,
  });
  expect(res.status, res.text).toBe(201);
  const body = res.body as { uuid: string; client_reference: string };
  return {
    uuid: body.uuid,
    client_reference: (fields.client_reference as string | undefined) ?? client_reference,
  };
}

/** Creates an event with a unique reference (no reminders unless a client is given). */
export async function createEvent(t: Target, fields: Record<string, unknown> = {}): Promise<EventRecord> {
  const res = await t.api('POST', '/events', {
    date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    time: '09:00',
    event_reference: unique('conf-event'),
    ...fields,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as EventRecord;
}
