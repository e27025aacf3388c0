import type { CourtHearing } from '@amicus/protocol';
import { describe, expect, it } from 'vitest';
import { hearingIcs } from './ics';

const hearing: CourtHearing = {
  date: '2026-12-07',
  time: '09:00',
  time_zone: 'America/Los_Angeles',
  starts_at: '2026-12-07T17:00:00Z',
  ends_at: null,
  location_name: 'Example County Courthouse, Dept. 3',
  location_notes: 'Room 210; enter by the north door',
  hearing_type: 'Arraignment',
  virtual: true,
  virtual_notes: 'Join at https://video.example/join?id=123, passcode 555',
};
const NOW = new Date('2026-11-23T22:00:00Z');

describe('hearingIcs', () => {
  it('makes one event in UTC, an hour long when the court published no end', () => {
    const ics = hearingIcs(hearing, 'EX-2026-CR-000789', 'Superior Court of Example County', NOW);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20261207T170000Z');
    expect(lines).toContain('DTEND:20261207T180000Z');
    expect(lines).toContain('DTSTAMP:20261123T220000Z');
    expect(lines).toContain('SUMMARY:Arraignment – EX-2026-CR-000789');
    // Commas and semicolons are escaped in TEXT values, line breaks become \n.
    expect(lines).toContain(
      'LOCATION:Example County Courthouse\\, Dept. 3\\, Room 210\\; enter by the north door',
    );
    expect(lines).toContain(
      'DESCRIPTION:Superior Court of Example County\\nJoin at https://video.example/join?id=123\\, passcode 555',
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('makes an all-day event when the court has set no time yet', () => {
    const ics = hearingIcs({ ...hearing, time: null, starts_at: null }, 'EX-2026-TR-000123', 'Court', NOW);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261207\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20261208\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const notes = 'Únase por vídeo: '.repeat(12);
    const ics = hearingIcs({ ...hearing, virtual_notes: notes }, 'EX-1', 'Tribunal Superior', NOW);
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, '')).toContain(`DESCRIPTION:Tribunal Superior\\n${notes}`);
  });
});
