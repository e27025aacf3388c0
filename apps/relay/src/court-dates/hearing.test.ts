import { describe, expect, it } from 'vitest';
import { publishedHearing, zonedToUtc } from './hearing.js';

describe('zonedToUtc', () => {
  it('reads wall-clock times in the court time zone across daylight saving', () => {
    expect(zonedToUtc('2026-07-01', '09:00', 'America/Los_Angeles')?.toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(zonedToUtc('2026-12-01', '09:00', 'America/Los_Angeles')?.toISOString()).toBe(
      '2026-12-01T17:00:00.000Z',
    );
  });
});

describe('publishedHearing', () => {
  it('keeps only what a court publishes', () => {
    const h = publishedHearing(
      {
        uuid: 'e1',
        date: '2026-12-01',
        time: '09:00:00',
        type: 'Arraignment',
        location_name: 'Hall of Justice',
        location_notes: 'Dept 3',
        virtual: 0,
        virtual_notes: 'not shown when in person',
        timezone: 'America/Los_Angeles',
        // Fields of the provider's record that must never reach a visitor:
        ...({ first_name: 'Ana', judge_name: 'Hon. X', client: 'c1', description: 'internal' } as object),
      },
      'UTC',
    );
    expect(h).toEqual({
      date: '2026-12-01',
      time: '09:00',
      time_zone: 'America/Los_Angeles',
      starts_at: '2026-12-01T17:00:00.000Z',
      ends_at: null,
      location_name: 'Hall of Justice',
      location_notes: 'Dept 3',
      hearing_type: 'Arraignment',
      virtual: false,
      virtual_notes: null,
    });
  });
});
