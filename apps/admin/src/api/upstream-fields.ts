import type { UpstreamObject } from '@amicus/protocol/admin';

// The contract leaves most field names of documents and job status objects unnamed ("not shown"), and
// the relay passes them through verbatim. These readers take the names the chatbot-api uses and fall
// back to common alternatives, so an additive upstream change degrades to "unknown", never a crash.

function pick(obj: UpstreamObject, keys: readonly string[]): unknown {
  for (const k of keys) if (obj[k] !== undefined && obj[k] !== null) return obj[k];
  return undefined;
}

function str(obj: UpstreamObject, ...keys: string[]): string | null {
  const v = pick(obj, keys);
  return typeof v === 'string' && v !== '' ? v : null;
}

function num(obj: UpstreamObject, ...keys: string[]): number | null {
  const v = pick(obj, keys);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export interface DocumentView {
  id: string;
  name: string;
  /** The page or document title the service extracted, when it differs from the name. */
  title: string | null;
  namespace: string | null;
  status: string;
  sourceType: string | null;
  sourceUrl: string | null;
  bytes: number | null;
  chunkCount: number | null;
  error: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** Public address and display title staff gave the document (the relay's, not the upstream's). */
  publicLink: { url: string | null; title: string | null } | null;
}

function readLink(value: unknown): DocumentView['publicLink'] {
  if (typeof value !== 'object' || value === null) return null;
  const link = value as UpstreamObject;
  return { url: str(link, 'url'), title: str(link, 'title') };
}

export function toDocumentView(d: UpstreamObject): DocumentView {
  const id = str(d, 'id') ?? '';
  const sourceUrl = str(d, 'source_url', 'url');
  const name = str(d, 'filename', 'source_filename', 'title', 'name') ?? sourceUrl ?? id;
  const title = str(d, 'title');
  return {
    id,
    name,
    title: title === name ? null : title,
    namespace: str(d, 'namespace'),
    status: str(d, 'status') ?? 'unknown',
    sourceType: str(d, 'source_type', 'source'),
    sourceUrl,
    bytes: num(d, 'bytes', 'size_bytes', 'size', 'file_size'),
    chunkCount: num(d, 'chunk_count', 'chunks', 'num_chunks'),
    error: str(d, 'error', 'error_message'),
    createdAt: str(d, 'created_at'),
    updatedAt: str(d, 'updated_at'),
    publicLink: readLink(d.public_link),
  };
}

export interface JobCount {
  key: string;
  label: string;
  value: number;
}

const NOT_COUNTS = new Set(['created', 'updated', 'max_pages', 'max_depth', 'rate_limit_rps']);

// Plain-language names for the counts the chatbot-api reports today; any other count is shown with
// its field name made readable.
const COUNT_LABELS: Record<string, string> = {
  total: 'Files accepted',
  processed: 'Files processed',
  succeeded: 'Files ready',
  failed: 'Failed',
  pages_crawled: 'Pages fetched',
  documents_indexed: 'Documents indexed',
  pages_failed: 'Pages failed',
  urls_skipped: 'Addresses skipped',
};

function numericEntries(obj: UpstreamObject): [string, number][] {
  return Object.entries(obj).filter(
    (e): e is [string, number] => typeof e[1] === 'number' && !NOT_COUNTS.has(e[0]) && !e[0].endsWith('_at'),
  );
}

/** The live counts of an upstream job status: its `counts` object, or its top-level numeric fields. */
export function jobCounts(upstream: UpstreamObject | null): JobCount[] {
  if (!upstream) return [];
  const nested = upstream.counts;
  const source =
    typeof nested === 'object' && nested !== null && !Array.isArray(nested)
      ? (nested as UpstreamObject)
      : upstream;
  const known = Object.keys(COUNT_LABELS);
  const rank = (k: string) => (known.includes(k) ? known.indexOf(k) : known.length);
  // Known counts in reading order (accepted → processed → ready → failed), then the rest as sent.
  const entries = numericEntries(source).sort((a, b) => rank(a[0]) - rank(b[0]));
  return entries.map(([key, value]) => {
    const words = key.replace(/_/g, ' ');
    return { key, label: COUNT_LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1), value };
  });
}

export interface JobError {
  /** The URL (crawl), the document id (ingest), or null when the whole job failed. */
  subject: string | null;
  error: string;
}

export function jobErrors(upstream: UpstreamObject | null): JobError[] {
  const raw = upstream?.errors;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e): JobError[] => {
    if (typeof e !== 'object' || e === null) return [];
    const entry = e as UpstreamObject;
    const error = str(entry, 'error', 'message') ?? 'Unknown error';
    const subject = str(entry, 'url', 'document_id');
    return [{ subject: subject === 'crawl' ? null : subject, error }];
  });
}

/** Why a job failed as a whole, for the jobs list; null when no reason was given. */
export function jobFailureReason(upstream: UpstreamObject | null): string | null {
  const errors = jobErrors(upstream);
  const whole = errors.find((e) => e.subject === null);
  if (whole) return whole.error;
  const own = upstream ? str(upstream, 'error', 'message') : null;
  if (own) return own;
  // An upload fails as a whole when every file failed: the first file's reason stands for the rest.
  const first = errors[0];
  if (!first) return null;
  return errors.length === 1 ? first.error : `${errors.length} items failed; the first: ${first.error}`;
}
