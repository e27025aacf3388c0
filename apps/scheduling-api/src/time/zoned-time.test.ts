import { describe, expect, it } from 'vitest';
import { addDays, formatInZone, isDate, normalizeTime, splitDateTime, zonedToInstant } from './zoned-time.js';

const LA = 'America/Los_Angeles';

describe('zonedToInstant', () => {
  it('reads a winter wall-clock time with the standard offset (UTC-8)', () => {
    expect(new Date(zonedToInstant('2026-12-01', '09:30', LA)).toISOString()).toBe(
      '2026-12-01T17:30:00.000Z',
    );
  });

  it('reads a summer wall-clock time with the daylight offset (UTC-7)', () => {
    expect(new Date(zonedToInstant('2026-07-01', '09:30:15', LA)).toISOString()).toBe(
      '2026-07-01T16:30:15.000Z',
    );
  });

  it('round-trips through formatInZone, also across the DST change', () => {
    for (const [date, time] of [
      ['2026-03-08', '01:59:00'],
      ['2026-03-08', '03:00:00'],
      ['2026-11-01', '00:30:00'],
      ['2026-11-01', '03:00:00'],
    ] as const) {
      expect(formatInZone(zonedToInstant(date, time, LA), LA)).toBe(`${date} ${time}`);
    }
  });

  it('reads a time in the spring-forward gap without throwing', () => {
    const ms = zonedToInstant('2026-03-08', '02:30', LA);
    expect(Number.isFinite(ms)).toBe(true);
  });
});

describe('date and time parsing', () => {
  it('accepts only real calendar dates in YYYY-MM-DD', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2027-02-29')).toBe(false);
    expect(isDate('2027-2-1')).toBe(false);
  });

  it('normalizes HH:MM and HH:MM:SS, refusing other shapes', () => {
    expect(normalizeTime('09:05')).toBe('09:05:00');
    expect(normalizeTime('23:59:59')).toBe('23:59:59');
    expect(normalizeTime('24:00')).toBeNull();
    expect(normalizeTime('9:05')).toBeNull();
  });

  it('splits a combined date and time', () => {
    expect(splitDateTime('2026-12-01 08:45')).toEqual(['2026-12-01', '08:45:00']);
    expect(splitDateTime('2026-12-01T08:45:30')).toEqual(['2026-12-01', '08:45:30']);
    expect(splitDateTime('2026-13-01 08:45')).toBeNull();
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('zonedToInstant at the changes', () => {
  it('takes the first occurrence of a repeated hour and reads a gap time with the earlier offset', () => {
    // 2026-11-01 01:30 happens twice in Los Angeles: first at UTC-7.
    expect(new Date(zonedToInstant('2026-11-01', '01:30', LA)).toISOString()).toBe(
      '2026-11-01T08:30:00.000Z',
    );
    // 2026-03-08 02:30 does not exist; read with UTC-8 it is 03:30 daylight time.
    expect(formatInZone(zonedToInstant('2026-03-08', '02:30', LA), LA)).toBe('2026-03-08 03:30:00');
  });
});
