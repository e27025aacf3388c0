import { zonedToInstant } from '../time/zoned-time.js';

interface Timed {
  date: string;
  time: string | null;
  end_date: string | null;
  end_time: string | null;
}

const HOUR = 3_600_000;

/** `date_time`: date and time combined, `YYYY-MM-DD HH:MM:SS` in the agency time zone (00:00 without a time). */
export function combinedDateTime(e: Timed): string {
  return `${e.date} ${e.time ?? '00:00'}:00`;
}

export function startInstant(e: Timed, timeZone: string): number {
  return zonedToInstant(e.date, e.time ?? '00:00', timeZone);
}

/**
 * When the event ends: its end_date/end_time when given; otherwise an event with a time is taken to last
 * one hour and an event without one the whole day (the contract does not define is_now/is_past further).
 */
export function endInstant(e: Timed, timeZone: string): number {
  if (e.end_date !== null || e.end_time !== null) {
    const endDate = e.end_date ?? e.date;
    const endTime = e.end_time ?? (e.end_date !== null ? '23:59:59' : (e.time ?? '23:59:59'));
    return Math.max(zonedToInstant(endDate, endTime, timeZone), startInstant(e, timeZone));
  }
  if (e.time !== null) return startInstant(e, timeZone) + HOUR;
  return zonedToInstant(e.date, '23:59:59', timeZone);
}

export function timing(e: Timed, timeZone: string, nowMs: number): { is_now: boolean; is_past: boolean } {
  const start = startInstant(e, timeZone);
  const end = endInstant(e, timeZone);
  return { is_now: start <= nowMs && nowMs <= end, is_past: nowMs > end };
}
