import { useEffect } from 'preact/hooks';
import { elapsedMs, formatDuration, staleWarning } from '../api/job-health.js';
import { jobCounts, jobFailureReason } from '../api/upstream-fields.js';
import { useServices } from '../app-context.js';
import { StatusBadge } from '../components/status-badge.js';
import { TableWrap } from '../components/table-wrap.js';
import { useNow } from '../components/use-now.js';
import { jobHref } from '../routing/routes.js';

const LIVE_TEXT = {
  connecting: 'Connecting to live updates…',
  live: 'Live: statuses update by themselves.',
  polling: 'Live updates are unavailable; checking every few seconds instead.',
} as const;

/** An upload by its file names: "Upload of fees.pdf, hours.txt and 3 more files". */
export function uploadName(files: readonly string[]): string {
  if (files.length === 0) return 'Upload';
  if (files.length <= 3) return `Upload of ${files.join(', ')}`;
  return `Upload of ${files.slice(0, 2).join(', ')} and ${files.length - 2} more files`;
}

export function JobsPage() {
  const { tracker } = useServices();
  const jobs = [...tracker.jobs.value.values()].sort((a, b) =>
    b.job.created_at.localeCompare(a.job.created_at),
  );
  const anyProcessing = jobs.some((t) => t.job.status === 'processing');
  const now = useNow(1000, anyProcessing);

  useEffect(() => {
    void tracker.refreshList();
  }, []);

  return (
    <>
      <h1 tabIndex={-1}>Jobs</h1>
      <p class="muted">{LIVE_TEXT[tracker.live.value]}</p>
      {tracker.listError.value ? (
        <p role="alert" class="form-error">{`Could not load jobs: ${tracker.listError.value}`}</p>
      ) : null}
      {jobs.length === 0 ? (
        <p>No jobs yet. Start one from Upload or Crawl.</p>
      ) : (
        <TableWrap label="Recent jobs">
          <table>
            <caption class="visually-hidden">Recent jobs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Started</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((t) => {
                const { job } = t;
                const what =
                  job.kind === 'crawl'
                    ? `Crawl of ${job.seed_urls?.[0] ?? 'a website'}${(job.seed_urls?.length ?? 0) > 1 ? ' and more' : ''}`
                    : uploadName(job.files ?? []);
                const warning = staleWarning(t, now);
                const reason =
                  job.status === 'failed' ? (jobFailureReason(job.upstream) ?? 'No reason given.') : null;
                return (
                  <tr key={job.id}>
                    <th scope="row">
                      <a href={jobHref(job.kind, job.id)}>{what}</a>
                      <div class="muted">namespace {job.namespace}</div>
                    </th>
                    <td>
                      <StatusBadge status={job.status} />
                      {reason ? <div class="cell-error">{reason}</div> : null}
                      {warning ? <div class="cell-warning">{warning}</div> : null}
                    </td>
                    <td>
                      {jobCounts(job.upstream)
                        .map((c) => `${c.label}: ${c.value}`)
                        .join(', ') || '—'}
                    </td>
                    <td>{new Date(job.created_at).toLocaleString()}</td>
                    <td>{formatDuration(elapsedMs(t, now))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
