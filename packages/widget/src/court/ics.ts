import type { CourtHearing } from '@amicus/protocol';

// An iCalendar file (RFC 5545) for one hearing, made in the browser: no request carries the case number
// anywhere else, and a Blob URL needs nothing from the host page's Content-Security-Policy.

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
const text = (value: string): string => value.replace(/[\\;,]/g, '\\$&').replace(/\r?\n/g, '\\n');

/** `20261123T221500Z` from an RFC 3339 instant. */
const utc = (instant: string | Date): string =>
  new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

/** Lines longer than 75 octets continue on the next line after a space (§3.1), never inside a character. */
function fold(line: string): string {
  let out = '';
  let octets = 0;
  for (const char of line) {
    const size = new TextEncoder().encode(char).length;
    if (octets + size > 74) {
      out += '\r\n ';
      octets = 1;
    }
    out += char;
    octets += size;
  }
  return out;
}

export function hearingIcs(
  hearing: CourtHearing,
  caseNumber: string,
  courtName: string,
  now: Date = new Date(),
): string {
  const day = hearing.date.replace(/-/g, '');
  const next = new Date(`${hearing.date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const when = hearing.starts_at
    ? [
        `DTSTART:${utc(hearing.starts_at)}`,
        // Without a published end, an hour: calendars need some length to show the event.
        `DTEND:${utc(hearing.ends_at ?? new Date(Date.parse(hearing.starts_at) + 3_600_000))}`,
      ]
    : [`DTSTART;VALUE=DATE:${day}`, `DTEND;VALUE=DATE:${utc(next).slice(0, 8)}`];
  const place = [hearing.location_name, hearing.location_notes].filter(Boolean).join(', ');
  const notes = [courtName, hearing.virtual_notes].filter(Boolean).join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Amicus//Court date//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${text(`${caseNumber}-${hearing.starts_at ?? day}`)}@amicus`,
    `DTSTAMP:${utc(now)}`,
    ...when,
    `SUMMARY:${text([hearing.hearing_type, caseNumber].filter(Boolean).join(' – '))}`,
    ...(place ? [`LOCATION:${text(place)}`] : []),
    `DESCRIPTION:${text(notes)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
