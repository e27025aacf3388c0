// `@amicus/chatbot-api/bench`: the inner steps of indexing and retrieval, for the benchmarks in bench/
// that time them without HTTP in between. Not a stable API: it follows the code it measures. Open the
// database with `openDataDir` from the main entry.
export { retrieveForTurns } from './answer/retrieve.js';
export type { Db } from './db/database.js';
export type { Extension } from './ingest/parsers/index.js';
export { processDocument } from './ingest/process-document.js';
export type { Chunk } from './knowledge/chunking.js';
export { type DocumentRow, getDocument, insertDocument, storeChunks } from './knowledge/store.js';
