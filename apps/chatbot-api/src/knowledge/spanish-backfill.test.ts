import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { allMigrations } from '../migrations.js';
import { embedText, vectorToBlob } from './embedding.js';
import { searchPassages } from './search.js';
import { backfillSpanishIndex } from './spanish-backfill.js';
import { insertDocument } from './store.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const search = (db: ReturnType<typeof openDatabase>, query: string) =>
  searchPassages(db, { accountId: 'acc', namespaces: null, query, limit: 3 });

/**
 * A database as an earlier release left it (the migrations `skipped` not run yet), holding one
 * ready document titled `title` with one chunk `text`, written by that release's SQL; with
 * `spanishBody`, the chunk's entry in the Spanish index as that release stemmed it. Returns its path.
 */
function earlierDatabase(
  skipped: RegExp,
  { title, text, spanishBody }: { title: string; text: string; spanishBody?: string },
): string {
  dir = mkdtempSync(join(tmpdir(), 'amicus-kb-'));
  const file = join(dir, 'db.sqlite');
  const old = openDatabase(
    file,
    allMigrations().filter((m) => !skipped.test(m.name)),
  );
  insertDocument(
    old,
    {
      id: 'd1',
      accountId: 'acc',
      jobId: null,
      namespace: 'general',
      filename: `${title.toLowerCase()}.txt`,
      title: null,
      sourceType: 'upload',
      sourceUrl: null,
      bytes: 1,
      contentType: 'text/plain',
      contentHash: 'h',
      spoolPath: null,
    },
    new Date(),
  );
  const body = `${title}\n${text}`;
  const { lastInsertRowid } = old
    .prepare(
      `INSERT INTO kb_chunks (document_id, account_id, namespace, chunk_index, heading_path, text, embedding)
       VALUES ('d1', 'acc', 'general', 0, '[]', ?, ?)`,
    )
    .run(text, vectorToBlob(embedText(body)));
  old.prepare('INSERT INTO kb_chunks_fts (rowid, body) VALUES (?, ?)').run(lastInsertRowid, body);
  if (spanishBody !== undefined)
    old.prepare('INSERT INTO kb_chunks_fts_es (rowid, body) VALUES (?, ?)').run(lastInsertRowid, spanishBody);
  old.prepare(`UPDATE kb_documents SET status = 'ready', title = ?, chunk_count = 1`).run(title);
  old.close();
  return file;
}

describe('backfillSpanishIndex', () => {
  it('indexes the Spanish stems of chunks stored before the upgrade', async () => {
    // A database as the release before the Spanish index left it.
    const text = 'El pago de la fianza se hace en la ventanilla del secretario.';
    const file = earlierDatabase(/^10[3457]_/, { title: 'Fianzas', text });

    const db = openDatabase(file, allMigrations());
    try {
      expect(search(db, '¿Dónde pagan?')).toEqual([]);
      await backfillSpanishIndex(db);
      const [top] = search(db, '¿Dónde pagan?');
      expect(top).toMatchObject({ documentId: 'd1', text });
      expect(top?.relevance?.matchedTerms).toBe(1);
      expect(db.prepare('SELECT COUNT(*) FROM kb_backfill').pluck().get()).toBe(0);
      // Idempotent, and a new database has nothing to do.
      await backfillSpanishIndex(db);
      expect(db.prepare('SELECT COUNT(*) FROM kb_chunks_fts_es').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('rebuilds the Spanish index when the stemmer changes, and plurals then meet their singular', async () => {
    // A database as release 104 left it: its Spanish index holds the stems of the previous stemmer,
    // under which "mujeres" was "mujer" and "mujer" was "muj".
    const text = 'Programas de apoyo para mujeres en las ciudades del condado.';
    const file = earlierDatabase(/^10[57]_/, {
      title: 'Ayuda',
      text,
      spanishBody: 'ayud program de apoy par mujer en las ciudad del cond',
    });

    const db = openDatabase(file, allMigrations());
    try {
      // The stale entries are gone until the backfill has re-stemmed them.
      expect(db.prepare('SELECT COUNT(*) FROM kb_chunks_fts_es').pluck().get()).toBe(0);
      await backfillSpanishIndex(db);
      const [top] = search(db, '¿Hay apoyo para una mujer en mi ciudad?');
      expect(top).toMatchObject({ documentId: 'd1', text });
      expect(db.prepare('SELECT body FROM kb_chunks_fts_es').pluck().get()).toContain('muj');
      expect(db.prepare('SELECT COUNT(*) FROM kb_backfill').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('rebuilds the Spanish index once more for plurals in "-bles", which then meet their singular', async () => {
    // As release 106 left it: "elegibles" was stemmed "elegibl", apart from "elegible" ("eleg").
    const text = 'Las personas elegibles reciben la ayuda.';
    const file = earlierDatabase(/^107_/, {
      title: 'Ayuda',
      text,
      spanishBody: 'ayud las person elegibl recib la ayud',
    });
    const db = openDatabase(file, allMigrations());
    try {
      expect(db.prepare('SELECT COUNT(*) FROM kb_chunks_fts_es').pluck().get()).toBe(0);
      await backfillSpanishIndex(db);
      expect(db.prepare('SELECT body FROM kb_chunks_fts_es').pluck().get()).toContain(' eleg ');
      const [top] = search(db, '¿Soy elegible?');
      expect(top).toMatchObject({ documentId: 'd1', text });
    } finally {
      db.close();
    }
  });
});
