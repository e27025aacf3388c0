import type { WireAuditEntry } from '@amicus/protocol/admin';
import { jobHref } from '../routing/routes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Ids are for machines: the names recorded beside them are what staff read.
const HIDDEN = new Set(['ids', 'names', 'name', 'job_id', 'document_ids', 'document_id']);

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The details of an entry worth reading, ids left out. */
export function visibleDetail(detail: Record<string, unknown> | null): [string, unknown][] {
  return Object.entries(detail ?? {}).filter(([k]) => !HIDDEN.has(k));
}

/** What an entry acted on, in words: a document's name, a job's files or addresses; never a bare UUID. */
export function targetText(entry: WireAuditEntry): string | null {
  const d = entry.detail ?? {};
  if (typeof d.name === 'string' && d.name !== '') return d.name;
  if (entry.action === 'document.bulk_delete') {
    const names =
      d.names && typeof d.names === 'object' ? Object.values(d.names as Record<string, unknown>) : [];
    const ids = Array.isArray(d.ids) ? d.ids.length : names.length;
    const known = names.filter((n): n is string => typeof n === 'string');
    const rest = ids - known.length;
    if (known.length === 0) return `${ids} document${ids === 1 ? '' : 's'}`;
    return rest > 0 ? `${known.join(', ')} and ${rest} more` : known.join(', ');
  }
  if (entry.action.startsWith('document.')) return 'A document (its name was not recorded)';
  if (entry.target && UUID.test(entry.target)) return null;
  return entry.target;
}

export function AuditTarget({ entry }: { entry: WireAuditEntry }) {
  const target = targetText(entry);
  const job =
    entry.target && (entry.action === 'upload.create' || entry.action === 'crawl.create')
      ? jobHref(entry.action === 'crawl.create' ? 'crawl' : 'ingest', entry.target)
      : null;
  const details = visibleDetail(entry.detail);
  return (
    <>
      {target ? <div>{target}</div> : null}
      {job ? <a href={job}>See the job</a> : null}
      {details.length > 0 ? (
        <ul class="detail-list">
          {details.map(([k, v]) => (
            <li key={k}>
              <span class="muted">{k.replace(/_/g, ' ')}:</span>{' '}
              {Array.isArray(v) ? v.map(text).join(', ') : text(v)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
