import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDataDir } from '../data-dir.js';
import type { Db } from '../db/database.js';
import { DEMO_HEARINGS } from './demo-court.js';
import { ensureAgency, seedDemoHearings } from './seed.js';

const CASE_NUMBER = /^EX-\d{4}-[A-Z]{2}-\d{6}$/;
const CONFIDENTIAL = new Set(['Juvenile', 'Family']);

const opened: { db: Db; dir: string }[] = [];
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function freshDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'scheduling-seed-'));
  const db = openDataDir(dir);
  opened.push({ db, dir });
  ensureAgency(db);
  return db;
}

const NOW = Date.parse('2026-11-23T20:00:00Z');

describe('demo hearings', () => {
  it('use one case-number format, distinct numbers, and include virtual and confidential hearings', () => {
    for (const h of DEMO_HEARINGS) expect(h.case_number).toMatch(CASE_NUMBER);
    expect(new Set(DEMO_HEARINGS.map((h) => h.case_number)).size).toBe(DEMO_HEARINGS.length);
    expect(DEMO_HEARINGS.some((h) => h.virtual === 1 && h.virtual_notes)).toBe(true);
    expect(DEMO_HEARINGS.filter((h) => CONFIDENTIAL.has(h.type)).length).toBeGreaterThanOrEqual(1);
  });

  it('are seeded once, upcoming and on weekdays', () => {
    const db = freshDb();
    expect(seedDemoHearings(db, NOW)).toEqual({ created: DEMO_HEARINGS.length, moved: 0 });
    expect(seedDemoHearings(db, NOW)).toEqual({ created: 0, moved: 0 });
    const dates = db.prepare('SELECT date FROM events').all() as { date: string }[];
    expect(dates).toHaveLength(DEMO_HEARINGS.length);
    for (const { date } of dates) {
      expect(date > '2026-11-23').toBe(true);
      expect([0, 6]).not.toContain(new Date(`${date}T12:00:00Z`).getUTCDay());
    }
  });

  it('are moved forward again once their date has passed', () => {
    const db = freshDb();
    seedDemoHearings(db, NOW);
    const later = NOW + 60 * 86_400_000;
    expect(seedDemoHearings(db, later).moved).toBe(DEMO_HEARINGS.length);
    const min = (db.prepare('SELECT MIN(date) AS d FROM events').get() as { d: string }).d;
    expect(min > new Date(later).toISOString().slice(0, 10)).toBe(true);
  });

  it('are listed on the demo site page, confidential ones named as such', () => {
    const page = readFileSync(
      fileURLToPath(new URL('../../../demo-site/public/court-dates/index.html', import.meta.url)),
      'utf8',
    );
    const listed = new Set(page.match(/EX-\d{4}-[A-Z]{2}-\d{6}/g));
    for (const h of DEMO_HEARINGS) expect(listed.has(h.case_number), h.case_number).toBe(true);
    const rows = [...page.matchAll(/<tr><td>(EX-[^<]+)<\/td>/g)].map((m) => m[1]);
    expect(rows.sort()).toEqual(
      DEMO_HEARINGS.filter((h) => !CONFIDENTIAL.has(h.type))
        .map((h) => h.case_number)
        .sort(),
    );
  });
});
