import { CRAWL_BUDGET_MS } from '@amicus/contract';
import type { ComponentChildren } from 'preact';
import { elapsedMs, formatDuration, staleWarning } from '../api/job-health.js';
import type { TrackedJob } from '../api/job-tracker.js';
import { jobCounts, jobFailureReason } from '../api/upstream-fields.js';
import { StatusBadge } from './status-badge.js';

// Every term/definition pair sits in a <div>: a <dl> may not mix bare and wrapped groups.
export function Fact({ term, children }: { term: string; children: ComponentChildren }) {
  return (
    <div class="fact-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Status, counts and time of one job; used by the job view. */
export function JobSummary({ tracked, now }: { tracked: TrackedJob; now: number }) {
  const { job } = tracked;
  const elapsed = elapsedMs(tracked, now);
  const warning = staleWarning(tracked, now);
  const failure = job.status === 'failed' ? jobFailureReason(job.upstream) : null;
  const counts = jobCounts(job.upstream);
  return (
    <section aria-labelledby="job-status-h">
      <h2 id="job-status-h">Status</h2>
      <p class="job-status">
        <StatusBadge status={job.status} />
        {job.status === 'processing' ? <span> Working… this page updates by itself.</span> : null}
      </p>
      {failure ? (
        <p class="form-error">
          <strong>Why it failed:</strong> {failure}
        </p>
      ) : null}
      {job.status === 'failed' && !failure ? (
        <p class="form-error">The service reported the job as failed without giving a reason.</p>
      ) : null}
      {warning ? (
        <p class="warning" role="status">
          {warning}
        </p>
      ) : null}
      <dl class="facts">
        <Fact term="Namespace">{job.namespace}</Fact>
        <Fact term="Started">
          {new Date(job.created_at).toLocaleString()}
          {job.created_by ? ` by ${job.created_by}` : ''}
        </Fact>
        <Fact term="Time used">
          {job.kind === 'crawl' ? (
            <span class="progress-cell">
              <progress
                max={CRAWL_BUDGET_MS / 1000}
                value={Math.min(CRAWL_BUDGET_MS, elapsed) / 1000}
                aria-label="Time used of the 10-minute crawl limit"
              />
              <span>{formatDuration(elapsed)} of 10 min limit</span>
            </span>
          ) : (
            formatDuration(elapsed)
          )}
        </Fact>
        {counts.map((c) => (
          <Fact key={c.key} term={c.label}>
            {c.value}
          </Fact>
        ))}
        <Fact term="Last checked">{new Date(tracked.checkedAt).toLocaleTimeString()}</Fact>
      </dl>
    </section>
  );
}
