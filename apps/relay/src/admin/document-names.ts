import type { Response } from 'express';
import type { RelayDeps } from '../deps.js';
import { upstreamOptions } from './upstream-options.js';

const MAX_NAME = 300;
// Names of a bulk delete not known from the relay's own upload records are read from the upstream
// one by one; beyond this many the audit entry keeps the ids alone rather than spend the budget.
const MAX_LOOKUPS = 20;

/** What staff call a document: a crawled page by its title, a file by its name, else its address. */
export function nameOf(doc: Record<string, unknown>): string | null {
  const keys =
    doc.source_type === 'crawl'
      ? ['title', 'source_url', 'filename', 'name']
      : ['filename', 'source_filename', 'title', 'source_url', 'name'];
  for (const key of keys) {
    const value = doc[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, MAX_NAME);
  }
  return null;
}

/** The document's name from the upstream, or null when it cannot be read (the delete goes on). */
export async function lookUpName(deps: RelayDeps, res: Response, id: string): Promise<string | null> {
  try {
    return nameOf(await deps.upstream.ingest.getDocument(id, upstreamOptions(res)));
  } catch {
    return null;
  }
}

/**
 * Names for the audit log of a bulk delete, recorded before the documents are gone: uploads by the
 * file names the relay kept with their job, the rest (a few) from the upstream.
 */
export async function namesFor(
  deps: RelayDeps,
  res: Response,
  ids: readonly string[],
): Promise<Record<string, string>> {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  const names: Record<string, string> = {};
  const jobs = await deps.sql.query<{ files: unknown; document_ids: unknown }>(
    "SELECT files, document_ids FROM admin_jobs WHERE kind = 'ingest' AND document_ids IS NOT NULL",
  );
  for (const job of jobs) {
    const files = typeof job.files === 'string' ? JSON.parse(job.files) : job.files;
    const docIds = typeof job.document_ids === 'string' ? JSON.parse(job.document_ids) : job.document_ids;
    if (!Array.isArray(files) || !Array.isArray(docIds)) continue;
    docIds.forEach((id: unknown, i) => {
      const file = files[i];
      if (typeof id === 'string' && wanted.has(id.toLowerCase()) && typeof file === 'string') {
        names[id.toLowerCase()] = file.slice(0, MAX_NAME);
      }
    });
  }
  const missing = [...wanted].filter((id) => names[id] === undefined).slice(0, MAX_LOOKUPS);
  for (const id of missing) {
    const name = await lookUpName(deps, res, id);
    if (name) names[id] = name;
  }
  return names;
}
