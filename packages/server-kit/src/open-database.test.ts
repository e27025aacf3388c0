import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Migration, openDatabase } from './open-database.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-kit-db-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const first: Migration = {
  name: '001_notes',
  sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);',
};
const second: Migration = { name: '002_tags', sql: 'CREATE TABLE tags (note INTEGER REFERENCES notes(id));' };

const applied = (db: ReturnType<typeof openDatabase>) =>
  db
    .prepare('SELECT name FROM schema_migrations ORDER BY rowid')
    .all()
    .map((r) => (r as { name: string }).name);

describe('openDatabase', () => {
  it('applies the migrations it is handed, in order, and records each by name', () => {
    const db = openDatabase(join(dir, 'a.sqlite'), [first, second]);
    expect(applied(db)).toEqual(['001_notes', '002_tags']);
    db.prepare('INSERT INTO notes (id, body) VALUES (1, ?)').run('x');
    db.prepare('INSERT INTO tags (note) VALUES (1)').run();
    db.close();
  });

  it('applies only the pending migrations when reopened, keeping the data', () => {
    const file = join(dir, 'a.sqlite');
    const old = openDatabase(file, [first]);
    old.prepare('INSERT INTO notes (id, body) VALUES (1, ?)').run('kept');
    old.close();
    const db = openDatabase(file, [first, second]);
    expect(applied(db)).toEqual(['001_notes', '002_tags']);
    expect(db.prepare('SELECT body FROM notes').pluck().get()).toBe('kept');
    db.close();
  });

  it('rolls back a failing migration whole and keeps the ones before it', () => {
    const file = join(dir, 'a.sqlite');
    const broken: Migration = { name: '002_broken', sql: 'CREATE TABLE half (x); CREATE TABLE oops (' };
    expect(() => openDatabase(file, [first, broken])).toThrow();
    const db = openDatabase(file, [first]);
    expect(applied(db)).toEqual(['001_notes']);
    const half = db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get();
    expect(half).toBeUndefined();
    db.close();
  });

  it('opens in WAL mode with foreign keys enforced', () => {
    const db = openDatabase(join(dir, 'a.sqlite'), [first, second]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(() => db.prepare('INSERT INTO tags (note) VALUES (42)').run()).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
