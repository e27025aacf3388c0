import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parseRobots, type RobotsRules } from '../crawl/robots.js';
import type { AppDeps } from '../deps.js';
import { type DocumentRow, deleteDocument, getDocument, insertDocument } from '../knowledge/store.js';
import {
  appendJobDocument,
  createJob,
  finishJob,
  type IngestCounts,
  ingestTerminalStatus,
  updateCounts,
} from './jobs.js';
import { extractionOf } from './parsers/index.js';
import { processDocument } from './process-document.js';

export interface SeedOptions {
  accountId: string;
  /** Directory of a static site (HTML files, `folder/index.html` style). */
  dir: string;
  /** Public origin the site is served at; each page's source URL is baseUrl + its path. */
  baseUrl: string;
  namespace: string;
}

export interface SeedResult {
  jobId: string;
  documents: number;
  failed: number;
  /** Pages already indexed with the same content, left as they were (seeding again is harmless). */
  unchanged: number;
  /** Pages seeded earlier that robots.txt now disallows, taken out of the knowledge base. */
  removed: number;
}

/**
 * Ingests every .html/.htm page of a static site directory as crawled pages (source_type `crawl`,
 * source_url = baseUrl + the page's path, `folder/index.html` → `/folder/`), through the same
 * pipeline as uploads, recorded as one ingest job that is complete when this resolves. The site's
 * robots.txt is honoured as a crawl would honour it, including for pages an earlier seed indexed.
 */
export async function seedDirectory(deps: AppDeps, options: SeedOptions): Promise<SeedResult> {
  const { db } = deps;
  const base = options.baseUrl.replace(/\/+$/, '');
  // The site's own robots.txt decides, as it would for a crawl of the site once served.
  const robots = await readRobots(options.dir, base);
  const removed = removeDisallowed(deps, options, base, robots);
  const pages: { url: string; bytes: Buffer; hash: string }[] = [];
  let unchanged = 0;
  for (const file of (await listHtml(options.dir)).sort()) {
    const url = base + pagePath(relative(options.dir, file));
    if (!robots.isAllowed(new URL(url))) continue;
    const bytes = await readFile(file);
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (alreadyIndexed(deps, options, hash)) unchanged++;
    else pages.push({ url, bytes, hash });
  }
  const jobId = createJob(
    db,
    {
      accountId: options.accountId,
      kind: 'ingest',
      namespace: options.namespace,
      counts: { total: pages.length, processed: 0, succeeded: 0, failed: 0 },
    },
    deps.now(),
  );
  for (const { url, bytes, hash } of pages) {
    const id = randomUUID();
    insertDocument(
      db,
      {
        id,
        accountId: options.accountId,
        jobId,
        namespace: options.namespace,
        filename: url,
        title: null,
        sourceType: 'crawl',
        sourceUrl: url,
        bytes: bytes.length,
        contentType: 'text/html',
        contentHash: hash,
        spoolPath: null,
      },
      deps.now(),
    );
    appendJobDocument(db, jobId, id, deps.now());
    const doc = getDocument(db, options.accountId, id) as DocumentRow;
    await processDocument(db, doc, bytes, '.html', deps.now);
  }
  const counts = updateCounts<IngestCounts>(db, jobId, () => {}, deps.now());
  finishJob(db, jobId, ingestTerminalStatus(counts), deps.now());
  return { jobId, documents: counts.succeeded, failed: counts.failed, unchanged, removed };
}

function alreadyIndexed(deps: AppDeps, options: SeedOptions, hash: string): boolean {
  return (
    deps.db
      .prepare(
        `SELECT 1 FROM kb_documents WHERE account_id = ? AND namespace = ? AND content_hash = ? AND status = 'ready'
           AND extraction = ? LIMIT 1`,
      )
      .get(options.accountId, options.namespace, hash, extractionOf('.html')) !== undefined
  );
}

/** Pages of this site in the namespace that robots.txt disallows (indexed before it was honoured). */
function removeDisallowed(deps: AppDeps, options: SeedOptions, base: string, robots: RobotsRules): number {
  const origin = new URL(base).origin;
  const rows = deps.db
    .prepare(
      `SELECT id, source_url FROM kb_documents WHERE account_id = ? AND namespace = ? AND source_type = 'crawl'`,
    )
    .all(options.accountId, options.namespace) as { id: string; source_url: string | null }[];
  let removed = 0;
  for (const row of rows) {
    let url: URL;
    try {
      url = new URL(row.source_url ?? '');
    } catch {
      continue;
    }
    if (url.origin !== origin || robots.isAllowed(url)) continue;
    if (deleteDocument(deps.db, options.accountId, row.id)) removed++;
  }
  return removed;
}

/** `a/b/index.html` → `/a/b/`, `a/page.html` → `/a/page.html`, with URL-safe segments. */
export function pagePath(rel: string): string {
  const parts = rel.split(sep).map((p) => encodeURIComponent(p));
  const last = parts[parts.length - 1];
  if (last === 'index.html' || last === 'index.htm') parts.pop();
  const path = `/${parts.join('/')}`;
  return parts.length > 0 && (last === 'index.html' || last === 'index.htm') ? `${path}/` : path;
}

async function readRobots(dir: string, base: string): Promise<RobotsRules> {
  const text = await readFile(join(dir, 'robots.txt'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    // No robots.txt allows everything, as for a crawl.
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return parseRobots(new URL(`${base}/robots.txt`), text);
}

async function listHtml(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listHtml(full)));
    else if (entry.isFile() && /\.html?$/i.test(entry.name)) out.push(full);
  }
  return out;
}
