import type { CourtHearing } from '@amicus/protocol';
import type { WireEventDetail } from '../scheduling/wire.js';

const truthy = (v: unknown) => v === true || v === 1 || v === '1';
const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Offset of `timeZone` from UTC at `utcMs`, in ms. */
function offsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - utcMs
  );
}

/** A wall-clock date and time in `timeZone` as a UTC instant (twice, so a DST change between is handled). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  try {
    let utc = wall - offsetMs(wall, timeZone);
    utc = wall - offsetMs(utc, timeZone);
    return new Date(utc);
  } catch {
    return null;
  }
}

/** Only what a court publishes: no client, judge, description or internal field passes here. */
export function publishedHearing(e: WireEventDetail, fallbackZone: string): CourtHearing {
  const timeZone = text(e.timezone) ?? fallbackZone;
  const time = text(e.time)?.slice(0, 5) ?? null;
  const endTime = text(e.end_time)?.slice(0, 5) ?? null;
  const virtual = truthy(e.virtual);
  return {
    date: e.date,
    time,
    time_zone: timeZone,
    starts_at: time ? (zonedToUtc(e.date, time, timeZone)?.toISOString() ?? null) : null,
    ends_at: endTime
      ? (zonedToUtc(text(e.end_date) ?? e.date, endTime, timeZone)?.toISOString() ?? null)
      : null,
    location_name: text(e.location_name),
    location_notes: text(e.location_notes),
    hearing_type: text(e.type),
    virtual,
    virtual_notes: virtual ? text(e.virtual_notes) : null,
  };
}

export function isPast(e: WireEventDetail): boolean {
  return truthy(e.is_past);
}

/** When a hearing is surely over: its end, else the end of its day (plus a day's margin for time zones). */
export function hearingOver(h: CourtHearing): Date {
  if (h.ends_at) return new Date(h.ends_at);
  const day = Date.parse(`${h.date}T00:00:00Z`);
  return new Date(day + 2 * 86_400_000);
}
