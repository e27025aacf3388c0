import type { Migration } from '../db/database.js';

// Documents, chunks (FTS5 + vectors), jobs and webhook deliveries. `seq` columns give a stable
// insertion order for cursor pagination (UUIDs do not sort by time).
export const knowledgeMigrations: Migration[] = [
  {
    name: '101_knowledge',
    sql: `
      CREATE TABLE kb_jobs (
        id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        kind TEXT NOT NULL,                 -- ingest | crawl
        namespace TEXT NOT NULL,
        status TEXT NOT NULL,               -- processing | completed | completed_with_errors | failed
        params TEXT,                        -- JSON: crawl options
        document_ids TEXT NOT NULL DEFAULT '[]',  -- JSON array, kept after a document is deleted
        counts TEXT NOT NULL DEFAULT '{}',  -- JSON object: the job's counts as shown on the wire
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX kb_jobs_by_status ON kb_jobs (status);
      CREATE TABLE kb_job_errors (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL REFERENCES kb_jobs(id) ON DELETE CASCADE,
        document_id TEXT,
        url TEXT,
        error TEXT NOT NULL
      );
      CREATE INDEX kb_job_errors_by_job ON kb_job_errors (job_id, seq);
      CREATE TABLE kb_documents (
        id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        job_id TEXT,                        -- no FK: a document outlives nothing, a job outlives deletes
        namespace TEXT NOT NULL,
        filename TEXT NOT NULL,
        title TEXT,
        source_type TEXT NOT NULL,          -- upload | crawl
        source_url TEXT,
        status TEXT NOT NULL,               -- processing | ready | failed
        error TEXT,
        chunk_count INTEGER NOT NULL DEFAULT 0,
        bytes INTEGER NOT NULL DEFAULT 0,
        content_type TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        spool_path TEXT,                    -- uploaded bytes waiting to be processed
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX kb_documents_list ON kb_documents (account_id, seq);
      CREATE INDEX kb_documents_by_job ON kb_documents (job_id, seq);
      CREATE INDEX kb_documents_hash ON kb_documents (account_id, namespace, content_hash);
      CREATE TABLE kb_chunks (
        id INTEGER PRIMARY KEY,             -- also the rowid of kb_chunks_fts
        document_id TEXT NOT NULL REFERENCES kb_documents(id) ON DELETE CASCADE,
        account_id TEXT NOT NULL,
        namespace TEXT NOT NULL,
        chunk_index INTEGER NOT NULL,
        heading_path TEXT NOT NULL,
        text TEXT NOT NULL,
        embedding BLOB NOT NULL             -- 1024 little-endian float32
      );
      CREATE INDEX kb_chunks_by_document ON kb_chunks (document_id, chunk_index);
      -- The indexed text is "title / heading path / chunk", so titles and headings match queries.
      -- remove_diacritics 2 folds accents so "informacion" finds "información"; the Porter stemmer
      -- makes "payments", "payment" and "paying" one term (English rules; Spanish words are stemmed
      -- the same way in queries and chunks, so they still match). Account and namespace are
      -- filtered through kb_chunks: a scope term in the index would cost a full doclist scan per
      -- query in bm25().
      CREATE VIRTUAL TABLE kb_chunks_fts USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE TABLE kb_webhook_deliveries (
        id TEXT PRIMARY KEY,                -- X-SVC-Delivery-Id, the same on every attempt
        account_id TEXT NOT NULL,
        job_id TEXT NOT NULL,
        event TEXT NOT NULL,
        body TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,   -- epoch milliseconds
        status TEXT NOT NULL,               -- pending | delivered | dropped
        last_error TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (job_id)
      );
      CREATE INDEX kb_webhook_pending ON kb_webhook_deliveries (status, next_attempt_at);
    `,
  },
  {
    // Chunks of a document still being indexed: a large document is written in several
    // transactions (so the event loop serves requests in between) and its chunks stay invisible to
    // search until the last one deletes their rows here, together with setting the document ready.
    // A table of its own rather than a column of kb_chunks: publishing 20k chunks then deletes 20k
    // tiny rows instead of rewriting 20k chunk rows (text and 4 KiB vector), which took ~0.6 s.
    name: '102_pending_chunks',
    sql: 'CREATE TABLE kb_chunks_pending (id INTEGER PRIMARY KEY REFERENCES kb_chunks(id) ON DELETE CASCADE);',
  },
  {
    // The same "title / heading path / chunk" text as kb_chunks_fts, as Spanish stems
    // (spanish-stem.ts; no porter: the stems are made in JS), so "pagan" finds "pago" and "pagar".
    // Rows of chunks indexed before this migration are added by backfillSpanishIndex at start
    // (the stemmer is JavaScript, out of reach of migration SQL), from the kb_backfill cursor.
    name: '103_spanish_stems',
    sql: `
      CREATE VIRTUAL TABLE kb_chunks_fts_es USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
      CREATE TABLE kb_backfill (name TEXT PRIMARY KEY, after_id INTEGER NOT NULL);
      INSERT INTO kb_backfill (name, after_id) SELECT 'spanish_stems', 0 WHERE EXISTS (SELECT 1 FROM kb_chunks);
    `,
  },
  {
    // The Spanish index moves from our own suffix stripper to the Snowball Spanish stemmer
    // (language/stem.ts): its entries are rebuilt by backfillSpanishIndex from the kb_backfill
    // cursor, slices at a time, while the English index keeps answering. fts5vocab views of both
    // indexes list their terms for typo correction (knowledge/vocabulary.ts).
    name: '104_snowball_spanish_and_vocabulary',
    sql: `
      DELETE FROM kb_chunks_fts_es;
      INSERT OR REPLACE INTO kb_backfill (name, after_id) SELECT 'spanish_stems', 0 WHERE EXISTS (SELECT 1 FROM kb_chunks);
      CREATE VIRTUAL TABLE kb_vocab_en USING fts5vocab(kb_chunks_fts, row);
      CREATE VIRTUAL TABLE kb_vocab_es USING fts5vocab(kb_chunks_fts_es, row);
    `,
  },
  {
    // The Spanish stemmer stems a plural's singular (language/stem.ts: "mujeres" and "mujer",
    // "ciudades" and "ciudad" meet): the Spanish index's entries are rebuilt by backfillSpanishIndex,
    // as for 104, while the English index keeps answering.
    name: '105_spanish_plural_stems',
    sql: `
      DELETE FROM kb_chunks_fts_es;
      INSERT OR REPLACE INTO kb_backfill (name, after_id) SELECT 'spanish_stems', 0 WHERE EXISTS (SELECT 1 FROM kb_chunks);
    `,
  },
  {
    // Which version of its type's parser indexed a document (see EXTRACTION in ingest/parsers): a
    // re-crawl re-reads an unchanged file that an older version indexed. Documents indexed before
    // this release are version 1.
    name: '106_extraction_version',
    sql: 'ALTER TABLE kb_documents ADD COLUMN extraction INTEGER NOT NULL DEFAULT 1;',
  },
  {
    // A Spanish plural in "-bles" is stemmed as its singular in "-ble" ("elegibles" and "elegible"
    // meet; language/stem.ts): the Spanish index's entries are rebuilt by backfillSpanishIndex, as
    // for 105, while the English index keeps answering.
    name: '107_spanish_ble_plural_stems',
    sql: `
      DELETE FROM kb_chunks_fts_es;
      INSERT OR REPLACE INTO kb_backfill (name, after_id) SELECT 'spanish_stems', 0 WHERE EXISTS (SELECT 1 FROM kb_chunks);
    `,
  },
];
