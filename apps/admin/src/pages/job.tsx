import type { WireJob } from '@amicus/protocol/admin';
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { type DocumentView, jobErrors, toDocumentView } from '../api/upstream-fields.js';
import { useServices } from '../app-context.js';
import { CrawlProblems, withoutIds } from '../components/crawl-problems.js';
import { JobSummary } from '../components/job-summary.js';
import { StatusBadge } from '../components/status-badge.js';
import { TableWrap } from '../components/table-wrap.js';
import { useNow } from '../components/use-now.js';
import { documentHref } from '../routing/routes.js';

const WATCH_POLL_MS = 3_000;

/** The documents an upload created, re-read whenever the job's status changes. */
function useJobDocuments(job: WireJob | undefined): Map<string, DocumentView> {
  const { api } = useServices();
  const [docs, setDocs] = useState(new Map<string, DocumentView>());
  const ids = job?.document_ids ?? [];
  const key = `${job?.status}|${job?.updated_at}|${ids.join(',')}`;
  useEffect(() => {
    if (ids.length === 0) return;
    let cancelled = false;
    Promise.all(ids.map((id) => api.getDocument(id).then(toDocumentView, () => null))).then((list) => {
      if (cancelled) return;
      setDocs(new Map(list.filter((d): d is DocumentView => d !== null).map((d) => [d.id, d])));
    });
    return () => {
      cancelled = true;
    };
  }, [key]);
  return docs;
}

function UploadFiles({ job, docs }: { job: WireJob; docs: Map<string, DocumentView> }) {
  const errors = new Map(jobErrors(job.upstream).map((e) => [e.subject, e.error]));
  const ids = job.document_ids ?? [];
  return (
    <TableWrap label="Files in this upload">
      <table>
        <caption>Files in this upload</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {ids.map((id, i) => {
            const doc = docs.get(id);
            const name = job.files?.[i] ?? doc?.name ?? id;
            const raw = doc?.error ?? errors.get(id) ?? null;
            const error = raw === null ? null : withoutIds(raw);
            return (
              <tr key={id}>
                <th scope="row" class="filename">
                  {doc ? <a href={documentHref(id)}>{name}</a> : name}
                </th>
                <td>{doc ? <StatusBadge status={doc.status} /> : 'Unknown'}</td>
                <td>
                  {error ??
                    (doc?.chunkCount != null
                      ? `${doc.chunkCount} passage${doc.chunkCount === 1 ? '' : 's'} indexed`
                      : '')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

export function JobPage({ id, kind }: { id: string; kind: 'ingest' | 'crawl' }) {
  const { tracker } = useServices();
  const tracked = tracker.jobs.value.get(id);
  const [loadError, setLoadError] = useState<string | null>(null);
  const processing = tracked?.job.status === 'processing';
  const now = useNow(1000, processing);
  const docs = useJobDocuments(tracked?.job);

  useEffect(() => {
    tracker.check(id).catch((err) => setLoadError(describeError(err)));
  }, [id]);

  // Someone is watching this job: check it every few seconds rather than waiting for the background
  // safety poll, since webhooks (and so SSE pushes) are best effort.
  useEffect(() => {
    if (!processing) return;
    const t = setInterval(() => void tracker.check(id).catch(() => {}), WATCH_POLL_MS);
    return () => clearInterval(t);
  }, [id, processing]);

  const title = kind === 'crawl' ? 'Crawl job' : 'Upload job';
  return (
    <>
      <h1 tabIndex={-1}>{title}</h1>
      <p>
        <a href="#/jobs">All jobs</a>
      </p>
      {!tracked ? (
        <p role={loadError ? 'alert' : 'status'}>{loadError ?? 'Loading…'}</p>
      ) : (
        <>
          {tracked.job.seed_urls ? (
            <p class="url">Start addresses: {tracked.job.seed_urls.join(', ')}</p>
          ) : null}
          <JobSummary tracked={tracked} now={now} />
          {/* One polite announcement per status change, not per count update. */}
          <p
            class="visually-hidden"
            role="status"
          >{`${title} status: ${tracked.job.status.replace(/_/g, ' ')}`}</p>
          {kind === 'crawl' ? (
            <CrawlProblems job={tracked.job} />
          ) : (
            <UploadFiles job={tracked.job} docs={docs} />
          )}
          {tracked.job.status === 'processing' ? null : (
            <nav aria-label="Next steps" class="actions">
              <a class="button primary" href="#/try">
                Check the answers in Try it
              </a>
              <a class="button" href="#/documents">
                See all documents
              </a>
            </nav>
          )}
        </>
      )}
    </>
  );
}
