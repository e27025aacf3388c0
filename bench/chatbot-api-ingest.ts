/**
 * Ingest throughput of the chatbot-api pipeline (parse → chunk → embed → index), in pages per
 * second: HTML pages of the ADA.gov fixture site, and a generated multi-page text PDF. Uses the
 * same processDocument the upload worker and the crawler use. Prints figures; asserts nothing.
 *
 *   pnpm --filter @amicus/bench ingest
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from '@amicus/chatbot-api';
import {
  type Db,
  type DocumentRow,
  type Extension,
  getDocument,
  insertDocument,
  processDocument,
} from '@amicus/chatbot-api/bench';
import { ADA_SITE_DIR, makePdf } from '@amicus/chatbot-api/fixtures';

function htmlPages(dir: string): Buffer[] {
  const out: Buffer[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...htmlPages(full));
    else if (entry.name.endsWith('.html')) out.push(readFileSync(full));
  }
  return out;
}

async function ingest(db: Db, namespace: string, bytes: Buffer, ext: Extension, name: string): Promise<void> {
  const id = randomUUID();
  insertDocument(
    db,
    {
      id,
      accountId: 'bench',
      jobId: null,
      namespace,
      filename: name,
      title: null,
      sourceType: 'upload',
      sourceUrl: null,
      bytes: bytes.length,
      contentType: 'application/octet-stream',
      contentHash: createHash('sha256').update(bytes).digest('hex'),
      spoolPath: null,
    },
    new Date(),
  );
  const outcome = await processDocument(
    db,
    getDocument(db, 'bench', id) as DocumentRow,
    bytes,
    ext,
    () => new Date(),
  );
  if (outcome !== 'ready') throw new Error(`${name} was not indexed: ${outcome}`);
}

function report(label: string, pages: number, ms: number, cpuMs: number): void {
  console.log(
    `ingest  ${label.padEnd(5)} pages=${String(pages).padStart(5)}  wall=${(ms / 1000).toFixed(2)}s  ` +
      `${((pages * 1000) / ms).toFixed(1)} pages/s  (cpu ${((pages * 1000) / cpuMs).toFixed(1)} pages/s)`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'amicus-bench-ingest-'));
  const db = openDataDir(dir);
  try {
    const pages = htmlPages(ADA_SITE_DIR);
    // Warm-up: module loading and JIT are not throughput.
    await ingest(db, 'warmup', pages[0]!, '.html', 'warmup.html');
    const rounds = 3;
    let c = process.cpuUsage();
    let t = performance.now();
    for (let r = 0; r < rounds; r++) {
      // A namespace per round: the same bytes twice in one namespace would be a duplicate.
      for (const [i, page] of pages.entries()) await ingest(db, `html-${r}`, page, '.html', `page-${i}.html`);
    }
    let cpu = process.cpuUsage(c);
    report('html', pages.length * rounds, performance.now() - t, (cpu.user + cpu.system) / 1000);

    const words =
      'the court clerk accepts payments for traffic tickets online by mail or in person at the window'.split(
        ' ',
      );
    const pdfPages = 100;
    const pdf = makePdf(
      Array.from({ length: pdfPages }, (_, p) =>
        Array.from(
          { length: 40 },
          (_, l) =>
            `${p + 1}.${l + 1} ${Array.from({ length: 12 }, (_, w) => words[(p * 7 + l * 3 + w) % words.length]).join(' ')}`,
        ),
      ),
    );
    c = process.cpuUsage();
    t = performance.now();
    for (let r = 0; r < rounds; r++) await ingest(db, `pdf-${r}`, pdf, '.pdf', 'guide.pdf');
    cpu = process.cpuUsage(c);
    report('pdf', pdfPages * rounds, performance.now() - t, (cpu.user + cpu.system) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
