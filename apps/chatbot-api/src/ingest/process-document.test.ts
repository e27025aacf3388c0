import { createHash, randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { chunkDocument } from '../knowledge/chunking.js';
import { Pacer } from '../knowledge/pacer.js';
import { searchPassages } from '../knowledge/search.js';
import {
  type DocumentRow,
  getDocument,
  insertDocument,
  storeChunksCooperatively,
} from '../knowledge/store.js';
import { processDocument } from './process-document.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

const MiB = 1024 * 1024;
/** Generous on purpose: a shared 2-core machine; before the fix a 25 MiB file held the loop ~30 s. */
const MAX_DELAY_MS = 500;

/** Court-ish prose of about `bytes` bytes, paragraphs separated by blank lines (or none at all). */
function generatedText(bytes: number, { paragraphs = true } = {}): Buffer {
  const words = (
    'fee waiver clerk filing court hearing jury summons parking ticket payment appeal record ' +
    'tenant landlord eviction notice judge docket motion order small claims form deadline'
  ).split(' ');
  const parts: string[] = [];
  let size = 0;
  let seed = 7;
  for (let n = 0; size < bytes; n++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const word = words[seed % words.length]!;
    const sep = n % 12 === 11 ? '. ' : n % 90 === 89 && paragraphs ? '.\n\n' : ' ';
    parts.push(word, sep);
    size += word.length + sep.length;
  }
  return Buffer.from(parts.join('').slice(0, bytes));
}

function uploadRow(bytes: Buffer, filename = 'big.txt'): DocumentRow {
  const id = randomUUID();
  insertDocument(
    deps.db,
    {
      id,
      accountId: 'acc',
      jobId: null,
      namespace: 'general',
      filename,
      title: null,
      sourceType: 'upload',
      sourceUrl: null,
      bytes: bytes.length,
      contentType: 'text/plain',
      contentHash: createHash('sha256').update(bytes).digest('hex'),
      spoolPath: null,
    },
    new Date(),
  );
  return getDocument(deps.db, 'acc', id)!;
}

/** Runs `work` while sampling the event loop; returns the longest stall seen, in ms. */
async function maxLoopDelay(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // A second, independent probe: the longest gap between ticks of a 10 ms interval.
  let last = performance.now();
  let maxGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
    histogram.disable();
  }
  return Math.max(histogram.max / 1e6, maxGap);
}

const chunkRows = (documentId: string) =>
  deps.db
    .prepare(
      `SELECT p.id IS NOT NULL AS pending, COUNT(*) AS n FROM kb_chunks c
         LEFT JOIN kb_chunks_pending p ON p.id = c.id WHERE c.document_id = ? GROUP BY 1`,
    )
    .all(documentId) as { pending: number; n: number }[];

describe('processDocument', () => {
  it('keeps the event loop responsive while a large text file is indexed', async () => {
    const bytes = generatedText(6 * MiB);
    const doc = uploadRow(bytes);
    const delay = await maxLoopDelay(() => processDocument(deps.db, doc, bytes, '.txt', deps.now));
    const row = getDocument(deps.db, 'acc', doc.id)!;
    expect(row.status).toBe('ready');
    expect(row.chunk_count).toBeGreaterThan(1000);
    expect(chunkRows(doc.id)).toEqual([{ pending: 0, n: row.chunk_count }]);
    expect(delay).toBeLessThan(MAX_DELAY_MS);
  }, 120_000);

  it('keeps the event loop responsive on a text file without a single line break', async () => {
    const bytes = generatedText(2 * MiB, { paragraphs: false });
    const doc = uploadRow(bytes);
    const delay = await maxLoopDelay(() => processDocument(deps.db, doc, bytes, '.txt', deps.now));
    expect(getDocument(deps.db, 'acc', doc.id)!.status).toBe('ready');
    expect(delay).toBeLessThan(MAX_DELAY_MS);
  }, 120_000);

  it('keeps a document invisible to search until its last slice is committed', async () => {
    const bytes = generatedText(MiB);
    const doc = uploadRow(bytes);
    const search = () =>
      searchPassages(deps.db, { accountId: 'acc', namespaces: null, query: 'eviction notice', limit: 3 });
    const seen: { status: string; hits: number; pending: number }[] = [];
    const probe = setInterval(() => {
      const status = getDocument(deps.db, 'acc', doc.id)!.status;
      const pending = chunkRows(doc.id).find((r) => r.pending === 1)?.n ?? 0;
      seen.push({ status, hits: search().length, pending });
    }, 1);
    await processDocument(deps.db, doc, bytes, '.txt', deps.now);
    clearInterval(probe);
    const during = seen.filter((s) => s.pending > 0);
    expect(during.length).toBeGreaterThan(0);
    for (const s of during) expect(s).toMatchObject({ status: 'processing', hits: 0 });
    expect(search().length).toBeGreaterThan(0);
  }, 60_000);

  it('starts over cleanly after a run cut short between slices', async () => {
    const bytes = generatedText(MiB);
    const doc = uploadRow(bytes);
    // A run that stops after its first slice: the process "dies" while the pacer waits.
    const chunks = chunkDocument({
      title: 'big.txt',
      blocks: [{ kind: 'text', headings: [], text: bytes.toString() }],
    });
    const stopped = new Promise<void>(() => {});
    const dying = new (class extends Pacer {
      override yield(): Promise<void> {
        return stopped;
      }
    })();
    void storeChunksCooperatively(deps.db, doc.id, 'big.txt', chunks, deps.now, dying);
    await new Promise((r) => setImmediate(r));
    expect(getDocument(deps.db, 'acc', doc.id)!.status).toBe('processing');
    const leftover = chunkRows(doc.id);
    expect(leftover).toEqual([{ pending: 1, n: expect.any(Number) }]);
    expect(leftover[0]!.n).toBeLessThan(chunks.length);

    // The restart processes the document again from its spooled bytes.
    expect(await processDocument(deps.db, doc, bytes, '.txt', deps.now)).toBe('ready');
    const row = getDocument(deps.db, 'acc', doc.id)!;
    expect(chunkRows(doc.id)).toEqual([{ pending: 0, n: row.chunk_count }]);
    const indexes = deps.db
      .prepare('SELECT chunk_index FROM kb_chunks WHERE document_id = ? ORDER BY chunk_index')
      .pluck()
      .all(doc.id) as number[];
    expect(indexes).toEqual([...Array(row.chunk_count).keys()]);
  }, 60_000);
});
