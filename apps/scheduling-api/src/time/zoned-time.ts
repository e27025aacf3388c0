// Wall-clock times of an IANA time zone <-> instants, with Intl only (no tz database of our own).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const DAY = 86_400_000;

/** `YYYY-MM-DD HH:MM:SS` of an instant in a time zone. */
export function formatInZone(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: the service's timestamp format (created_at, updated_at…). */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The instant a wall-clock time of the zone names. In a DST gap the time is read with the offset before
 * the change; in the repeated hour, the first occurrence.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s = 0] = time.split(':').map(Number) as [number, number, number?];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (ms: number) => {
    const w = wallClock(ms, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - ms;
  };
  // The offset in force a day before and a day after covers both sides of any change near this time.
  const before = asUtc - offsetAt(asUtc - DAY);
  const after = asUtc - offsetAt(asUtc + DAY);
  const valid = [before, after].filter((ms) => ms + offsetAt(ms) === asUtc);
  return valid.length > 0 ? Math.min(...valid) : before;
}

/** Adds days to a `YYYY-MM-DD` calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A real calendar date in `YYYY-MM-DD`. */
export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const back = new Date(Date.UTC(y, mo - 1, d));
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d;
}

/** `HH:MM` or `HH:MM:SS` (24-hour) → `HH:MM:SS`, else null. */
export function normalizeTime(s: string): string | null {
  const m = TIME.exec(s);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : null;
}

/** `YYYY-MM-DD HH:MM[:SS]` (space or T) → [date, `HH:MM:SS`], else null. */
export function splitDateTime(s: string): [string, string] | null {
  const m = DATE_TIME.exec(s);
  if (!m || !isDate(m[1]!)) return null;
  return [m[1]!, `${m[2]}:${m[3]}:${m[4] ?? '00'}`];
}
