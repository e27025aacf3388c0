import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { AppDeps } from '../deps.js';
import { type DocumentRow, getDocument, insertDocument } from '../knowledge/store.js';
import {
  appendJobDocument,
  createJob,
  finishJob,
  type IngestCounts,
  ingestTerminalStatus,
  updateCounts,
} from './jobs.js';
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
}

/**
 * Ingests every .html/.htm page of a static site directory as crawled pages (source_type `crawl`,
 * source_url = baseUrl + the page's path, `folder/index.html` → `/folder/`), through the same
 * pipeline as uploads, recorded as one ingest job that is complete when this resolves.
 */
export async function seedDirectory(deps: AppDeps, options: SeedOptions): Promise<SeedResult> {
  const { db } = deps;
  const files = (await listHtml(options.dir)).sort();
  const jobId = createJob(
    db,
    {
      accountId: options.accountId,
      kind: 'ingest',
      namespace: options.namespace,
      counts: { total: files.length, processed: 0, succeeded: 0, failed: 0 },
    },
    deps.now(),
  );
  const base = options.baseUrl.replace(/\/+$/, '');
  for (const file of files) {
    const bytes = await readFile(file);
    const url = base + pagePath(relative(options.dir, file));
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
        contentHash: createHash('sha256').update(bytes).digest('hex'),
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
  return { jobId, documents: counts.succeeded, failed: counts.failed };
}

/** `a/b/index.html` → `/a/b/`, `a/page.html` → `/a/page.html`, with URL-safe segments. */
export function pagePath(rel: string): string {
  const parts = rel.split(sep).map((p) => encodeURIComponent(p));
  const last = parts[parts.length - 1];
  if (last === 'index.html' || last === 'index.htm') parts.pop();
  const path = `/${parts.join('/')}`;
  return parts.length > 0 && (last === 'index.html' || last === 'index.htm') ? `${path}/` : path;
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
