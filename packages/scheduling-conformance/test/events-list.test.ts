import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, ours, unique, useTarget } from '../src/fixture.js';
import { createClient, createEvent, type EventRecord } from '../src/records.js';

const target = useTarget();

// Every event of this file carries one unique `type`, so the filters see only them (also on a shared service).
const TYPE = unique('conf-list');
let events: EventRecord[] = [];
let client: { uuid: string; client_reference: string };
const SURNAME = unique('Zed');

async function list(query: string): Promise<EventRecord[]> {
  const res = await target().api('GET', `/events?type=${encodeURIComponent(TYPE)}&limit=100&${query}`);
  expect(res.status, res.text).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body as EventRecord[];
}

const refs = (rows: EventRecord[]) => rows.map((e) => e.event_reference).sort();

beforeAll(async () => {
  client = await createClient(target(), { first_name: 'Quinn', last_name: SURNAME });
  const base = unique('conf-ref');
  const specs: Record<string, unknown>[] = [
    {
      date: '2031-05-01',
      time: '08:30',
      case_number: `${base}-CASE-A`,
      status: 'set',
      judge_name: 'Judge A',
    },
    {
      date: '2031-05-02',
      time: '10:00',
      case_number: `${base}-CASE-B`,
      virtual: 1,
      virtual_notes: 'Join at https://video.court.example/room-77',
    },
    {
      date: '2031-05-03',
      time: '13:30',
      case_number: `${base}-CASE-B`,
      location_notes: 'Department 4, 2nd floor',
      client: client.uuid,
      skip_sync: true,
    },
    {
      date: '2031-05-04',
      time: '15:00',
      case_number: `${base}-CASE-C`,
      appeared: 'no',
      description: 'Review hearing',
      end_date: '2031-05-05',
    },
  ];
  events = [];
  for (const [i, spec] of specs.entries()) {
    events.push(await createEvent(target(), { type: TYPE, event_reference: `${base}-E${i}`, ...spec }));
  }
});

describe('GET /events filters', () => {
  it('returns an array of event objects', async () => {
    const rows = await list('');
    expect(rows).toHaveLength(4);
    for (const e of rows) expect(e).toHaveProperty('uuid');
  });

  it('matches event_reference exactly and search partially on event_reference', async () => {
    const ref = String(events[1]!.event_reference);
    expect(refs(await list(`event_reference=${encodeURIComponent(ref)}`))).toEqual([ref]);
    expect(refs(await list(`event_reference=${encodeURIComponent(ref.slice(0, -1))}`))).toEqual([]);
    expect(await list(`search=${encodeURIComponent(ref.slice(0, -3))}`)).toHaveLength(4);
  });

  it('matches case_number, status, appeared, date, end_date and description exactly', async () => {
    const b = String(events[1]!.case_number);
    expect(await list(`case_number=${encodeURIComponent(b)}`)).toHaveLength(2);
    expect(await list('status=set')).toHaveLength(1);
    expect(await list('appeared=no')).toHaveLength(1);
    expect(await list('date=2031-05-02')).toHaveLength(1);
    expect(await list('end_date=2031-05-05')).toHaveLength(1);
    expect(await list('description=Review%20hearing')).toHaveLength(1);
    expect(await list('description=Review')).toHaveLength(0);
  });

  it('matches judge and its alias judge_name exactly', async () => {
    expect(await list('judge=Judge%20A')).toHaveLength(1);
    expect(await list('judge_name=Judge%20A')).toHaveLength(1);
  });

  it('matches location_notes and virtual_notes partially', async () => {
    expect(await list('location_notes=2nd%20floor')).toHaveLength(1);
    expect(await list('virtual_notes=room-77')).toHaveLength(1);
  });

  it('includes both ends of from_date and to_date', async () => {
    expect(refs(await list('from_date=2031-05-02&to_date=2031-05-03'))).toEqual(
      refs([events[1]!, events[2]!]),
    );
  });

  it('includes both ends of from_time and to_time', async () => {
    expect(refs(await list('from_time=10:00&to_time=13:30'))).toEqual(refs([events[1]!, events[2]!]));
  });

  it('returns only virtual events for virtual=1', async () => {
    expect(refs(await list('virtual=1'))).toEqual([events[1]!.event_reference]);
  });

  it('filters by client UUID, and client=none returns the events without a client', async () => {
    expect(refs(await list(`client=${client.uuid}`))).toEqual([events[2]!.event_reference]);
    expect(await list('client=none')).toHaveLength(3);
  });

  it('finds events whose clients match a name search', async () => {
    expect(refs(await list(`search_clients=${encodeURIComponent(SURNAME)}`))).toEqual([
      events[2]!.event_reference,
    ]);
  });

  it('refuses a from_date that is not YYYY-MM-DD with 400 naming it', async (ctx) => {
    ours(ctx, target());
    expectStatus(target(), await target().api('GET', '/events?from_date=May%201'), 400, {
      field: 'from_date',
    });
  });
});

describe('GET /events pagination', () => {
  it('returns 10 records by default', async () => {
    const type = unique('conf-page');
    for (let i = 0; i < 12; i++) await createEvent(target(), { type, date: '2031-06-01' });
    const res = await target().api('GET', `/events?type=${type}`);
    expect(res.body as unknown[]).toHaveLength(10);
  });

  it('sorts by created_at descending by default, and limit/skip walk the pages without overlap', async () => {
    const type = unique('conf-page');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createEvent(target(), { type })).uuid);
    const all = ((await target().api('GET', `/events?type=${type}`)).body as EventRecord[]).map(
      (e) => e.uuid,
    );
    expect(all).toEqual([...made].reverse());
    const pages: string[] = [];
    for (let skip = 0; skip < 5; skip += 2) {
      const page = (await target().api('GET', `/events?type=${type}&limit=2&skip=${skip}`))
        .body as EventRecord[];
      expect(page.length).toBeLessThanOrEqual(2);
      pages.push(...page.map((e) => e.uuid));
    }
    expect(pages).toEqual(all);
  });

  it('sorts by another field in either direction', async () => {
    const type = unique('conf-sort');
    for (const date of ['2031-07-03', '2031-07-01', '2031-07-02'])
      await createEvent(target(), { type, date });
    const asc = (await target().api('GET', `/events?type=${type}&sort=date&sortDirection=asc`))
      .body as EventRecord[];
    expect(asc.map((e) => e.date)).toEqual(['2031-07-01', '2031-07-02', '2031-07-03']);
    const desc = (await target().api('GET', `/events?type=${type}&sort=date&sortDirection=desc`))
      .body as EventRecord[];
    expect(desc.map((e) => e.date)).toEqual(['2031-07-03', '2031-07-02', '2031-07-01']);
  });

  it('refuses a limit, skip, sort or sortDirection it cannot use with 400 naming it', async (ctx) => {
    ours(ctx, target());
    for (const [query, field] of [
      ['limit=-1', 'limit'],
      ['limit=ten', 'limit'],
      ['skip=1.5', 'skip'],
      ['sort=password', 'sort'],
      ['sortDirection=up', 'sortDirection'],
    ] as const) {
      expectStatus(target(), await target().api('GET', `/events?${query}`), 400, { field });
    }
  });
});
