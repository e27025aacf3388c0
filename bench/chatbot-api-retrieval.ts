/**
 * Retrieval latency of the chatbot-api knowledge base (hybrid BM25 + vector search) at 10k and 100k
 * chunks. Builds a synthetic corpus in a temporary database (court-flavoured vocabulary with a
 * Zipf-like word distribution, ~350-word chunks) through the real store, then times the answerers'
 * retrieval (retrieveForTurns: query analysis, concept search, re-ranking) for a mix of queries. Prints figures; asserts nothing.
 *
 *   pnpm --filter @amicus/bench retrieval            # 10k and 100k
 *   pnpm --filter @amicus/bench retrieval -- 10000   # one size
 *   BENCH_REUSE_DIR=/tmp/rb pnpm --filter @amicus/bench retrieval   # build once, reuse afterwards
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, openDataDir } from '@amicus/chatbot-api';
import { type Chunk, insertDocument, retrieveForTurns, storeChunks } from '@amicus/chatbot-api/bench';

const CORE = (
  'court clerk filing fee traffic ticket jury duty small claims family law divorce custody probate appeal ' +
  'hearing judge records payment online mail deadline form petition motion summons eviction landlord tenant ' +
  'restraining order guardianship name change interpreter accessibility parking courthouse hours holiday ' +
  'waiver self-help lawyer mediation settlement judgment garnishment warrant citation license suspension'
).split(' ');

/** Deterministic pseudo-random numbers, so every run measures the same corpus. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A 30k-word vocabulary drawn Zipf-style. The court words sit at ranks 150 to ~1,600, where
 * content words of a real court site sit: each appears in roughly 1-25 % of chunks, while the
 * invented filler words above them play the part of very common words.
 */
function vocabulary(size: number): string[] {
  const rand = rng(7);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words: string[] = [];
  const core = new Map(CORE.map((w, i) => [150 + i * 20, w]));
  while (words.length < size) {
    const placed = core.get(words.length);
    if (placed) {
      words.push(placed);
      continue;
    }
    const len = 3 + Math.floor(rand() * 8);
    let w = '';
    for (let i = 0; i < len; i++) w += letters[Math.floor(rand() * 26)];
    words.push(w);
  }
  return words;
}

function build(dir: string, chunks: number) {
  mkdirSync(dir, { recursive: true });
  const vocab = vocabulary(30_000);
  const rand = rng(42);
  // Zipf-like: word rank r drawn with probability ~ 1/r.
  const pick = () =>
    vocab[Math.min(vocab.length - 1, Math.floor(Math.exp(rand() * Math.log(vocab.length))) - 1)]!;
  const file = databaseFile(dir);
  const complete = join(dir, 'complete');
  if (existsSync(complete)) {
    // Reused database (BENCH_REUSE_DIR): replay the generator so `pick` draws the same queries.
    for (let i = 0; i < chunks / 10; i++) for (let j = 0; j < 2 + 10 * 350; j++) rand();
    return { db: openDataDir(dir), buildSeconds: 0, pick };
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const db = openDataDir(dir);
  const perDoc = 10;
  const started = performance.now();
  for (let d = 0; d < chunks / perDoc; d++) {
    const id = randomUUID();
    insertDocument(
      db,
      {
        id,
        accountId: 'bench',
        jobId: null,
        namespace: d % 4 === 0 ? 'forms' : 'general',
        filename: `https://court.example/page-${d}/`,
        title: null,
        sourceType: 'crawl',
        sourceUrl: `https://court.example/page-${d}/`,
        bytes: 1,
        contentType: 'text/html',
        contentHash: id,
        spoolPath: null,
      },
      new Date(),
    );
    const list: Chunk[] = Array.from({ length: perDoc }, (_, index) => ({
      index,
      headingPath: [`Section ${index}`],
      text: Array.from({ length: 350 }, pick).join(' '),
    }));
    storeChunks(db, id, `Page ${d} ${pick()} ${pick()}`, list, new Date());
  }
  if (process.env.BENCH_REUSE_DIR) writeFileSync(complete, '');
  return { db, buildSeconds: (performance.now() - started) / 1000, pick };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function run(chunks: number, keepDir?: string): void {
  const dir = keepDir ?? mkdtempSync(join(tmpdir(), 'amicus-bench-'));
  try {
    const { db, buildSeconds, pick } = build(dir, chunks);
    const queries = [
      'How do I pay a traffic ticket?',
      'jury duty postpone',
      'small claims filing fee waiver',
      'where is the courthouse parking',
      'divorce custody forms self-help',
      'eviction landlord tenant hearing',
      ...Array.from({ length: 44 }, () => `${pick()} ${pick()} ${pick()} ${pick()}`),
    ];
    // First pass, cold: each new word costs one document-frequency count (cached afterwards, see
    // term-stats.ts). A server sees the same court vocabulary again and again, so the timed rounds
    // below run warm.
    const cold: number[] = [];
    for (const query of queries) {
      const c = process.cpuUsage();
      retrieveForTurns(db, { accountId: 'bench', namespaces: null }, [{ role: 'user', content: query }]);
      const used = process.cpuUsage(c);
      cold.push((used.user + used.system) / 1000);
    }
    cold.sort((a, b) => a - b);
    // Wall time suffers when other processes share the CPU; CPU time of this process does not, so
    // both are printed.
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const query of queries) {
        const c = process.cpuUsage();
        const t = performance.now();
        retrieveForTurns(db, { accountId: 'bench', namespaces: round % 2 ? ['general'] : null }, [
          { role: 'user', content: query },
        ]);
        wall.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(
      `retrieval  chunks=${chunks.toLocaleString('en-US').padStart(7)}  build=${buildSeconds.toFixed(1)}s  queries=${wall.length}  ` +
        `wall p50=${percentile(wall, 50).toFixed(2)}ms p95=${percentile(wall, 95).toFixed(2)}ms  ` +
        `cpu p50=${percentile(cpu, 50).toFixed(2)}ms p95=${percentile(cpu, 95).toFixed(2)}ms  ` +
        `(cold first pass: cpu p50=${percentile(cold, 50).toFixed(2)}ms p95=${percentile(cold, 95).toFixed(2)}ms)`,
    );
    db.close();
  } finally {
    if (!keepDir) rmSync(dir, { recursive: true, force: true });
  }
}

// `--keep=DIR` leaves the built database in DIR (for profiling); sizes are plain numbers.
// BENCH_REUSE_DIR=DIR keeps it too and reuses a database completed there by an earlier run, so
// query-side changes can be measured without rebuilding the index.
const keep =
  process.argv.find((a) => a.startsWith('--keep='))?.slice('--keep='.length) ?? process.env.BENCH_REUSE_DIR;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
for (const n of sizes.length > 0 ? sizes : [10_000, 100_000])
  run(n, keep ? join(keep, String(n)) : undefined);
