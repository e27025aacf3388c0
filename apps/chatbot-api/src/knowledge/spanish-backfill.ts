import type { Db } from '../db/database.js';
import { spanishStemText } from '../language/stem.js';
import { indexedText } from './chunking.js';
import { Pacer } from './pacer.js';
import { noteIndexChanged } from './term-stats.js';

const SLICE = 200;

/**
 * Adds the Spanish-stem entries of chunks indexed before migration 103_spanish_stems (which left a
 * cursor in kb_backfill when there were any), in slices with the event loop free in between; a
 * stop keeps the cursor, so the next start carries on. Until it is done, those chunks are found
 * by the English index only. Chunks indexed since the migration already have their entry.
 */
export async function backfillSpanishIndex(
  db: Db,
  { pacer = new Pacer(), stopped = () => false }: { pacer?: Pacer; stopped?: () => boolean } = {},
): Promise<void> {
  const cursor = db.prepare(`SELECT after_id FROM kb_backfill WHERE name = 'spanish_stems'`).pluck();
  const select = db.prepare(
    `SELECT c.id, c.heading_path, c.text, COALESCE(d.title, d.filename) AS title
     FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id WHERE c.id > ? ORDER BY c.id LIMIT ${SLICE}`,
  );
  const has = db.prepare('SELECT 1 FROM kb_chunks_fts_es WHERE rowid = ?');
  const insert = db.prepare('INSERT INTO kb_chunks_fts_es (rowid, body) VALUES (?, ?)');
  const advance = db.prepare(`UPDATE kb_backfill SET after_id = ? WHERE name = 'spanish_stems'`);
  const finish = db.prepare(`DELETE FROM kb_backfill WHERE name = 'spanish_stems'`);
  while (!stopped()) {
    const after = cursor.get() as number | undefined;
    if (after === undefined) return;
    const rows = select.all(after) as { id: number; heading_path: string; text: string; title: string }[];
    db.transaction(() => {
      for (const r of rows) {
        if (has.get(r.id)) continue;
        const headings = JSON.parse(r.heading_path) as string[];
        insert.run(r.id, spanishStemText(indexedText(r.title, headings, r.text)));
      }
      if (rows.length === 0) finish.run();
      else advance.run(rows[rows.length - 1]!.id);
    })();
    noteIndexChanged(db);
    if (rows.length === 0) return;
    await pacer.yield();
  }
}
