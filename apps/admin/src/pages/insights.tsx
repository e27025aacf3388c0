import type { InsightsBucket, WireCitedPage, WireInsights } from '@amicus/protocol/admin';
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { getInsights, type InsightsQuery, insightsCsvHref } from '../api/insights-api.js';
import { useServices } from '../app-context.js';
import { SelectField } from '../components/field.js';
import { TableWrap } from '../components/table-wrap.js';

const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function PageLink({ page }: { page: WireCitedPage }) {
  return page.url && /^https?:\/\//.test(page.url) ? (
    <a href={page.url} rel="noopener noreferrer" target="_blank">
      {page.title}
      <span class="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    page.title
  );
}

function Groups({ report }: { report: WireInsights }) {
  if (report.groups.length === 0) {
    return (
      <p>
        {report.transcripts
          ? 'No declined question or thumbs-down answer in this period.'
          : 'Question texts are kept only when transcripts are on (TRANSCRIPTS=true), so there is nothing to group. The counts by page below still show which pages disappoint.'}
      </p>
    );
  }
  return (
    <TableWrap label="Similar questions">
      <table>
        <caption class="visually-hidden">
          Declined questions and thumbs-down answers, similar wordings together, most frequent first
        </caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Times</th>
            <th scope="col">Not answered</th>
            <th scope="col">Thumbs down</th>
            <th scope="col">Pages cited</th>
            <th scope="col">Last</th>
          </tr>
        </thead>
        <tbody>
          {report.groups.map((g, i) => (
            <tr key={`${g.label}-${i}`}>
              <th scope="row">
                {g.label}
                {g.questions.length > 1 || g.comments.length > 0 ? (
                  <details>
                    <summary>
                      {plural(g.questions.length - 1, 'other wording', 'other wordings')}
                      {g.comments.length > 0 ? `, ${plural(g.comments.length, 'comment', 'comments')}` : ''}
                    </summary>
                    <ul class="detail-list">
                      {g.questions.slice(1).map((q) => (
                        <li key={q}>{q}</li>
                      ))}
                      {g.comments.map((c, j) => (
                        <li key={`c${j}`}>
                          <span class="muted">Comment:</span> {c}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </th>
              <td>{g.count}</td>
              <td>{g.declined}</td>
              <td>{g.down}</td>
              <td>
                {g.pages.length === 0 ? (
                  '—'
                ) : (
                  <ul class="detail-list">
                    {g.pages.map((p) => (
                      <li key={p.documentId || p.title}>
                        <PageLink page={p} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td class="nowrap">
                <time dateTime={g.last}>{new Date(g.last).toLocaleDateString()}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

export function InsightsPage() {
  const { api } = useServices();
  const [draft, setDraft] = useState<InsightsQuery>({ days: 30, bucket: 'day' });
  const [applied, setApplied] = useState<InsightsQuery>(draft);
  const [report, setReport] = useState<WireInsights | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    getInsights(api, applied).then(
      (r) => {
        if (!cancelled) setReport(r);
      },
      (err) => {
        if (!cancelled) setError(describeError(err));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [applied]);

  const unit = applied.bucket === 'week' ? 'Week of' : 'Day';
  return (
    <>
      <h1 tabIndex={-1}>What people ask</h1>
      <p>
        Questions the assistant could not answer from the knowledge base (it cited nothing) and answers people
        rated with a thumbs down. Use them to see which content to add or fix.
      </p>
      <form
        class="filters"
        aria-label="Choose the period"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(draft);
        }}
      >
        <SelectField
          id="insights-days"
          label="Period"
          value={String(draft.days)}
          onValue={(v) => setDraft((d) => ({ ...d, days: Number(v) }))}
          options={PERIODS}
        />
        <SelectField
          id="insights-bucket"
          label="Count per"
          value={draft.bucket}
          onValue={(v) => setDraft((d) => ({ ...d, bucket: v as InsightsBucket }))}
          options={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
        />
        <div class="actions">
          <button type="submit" class="button primary">
            Show
          </button>
          <a class="button" href={insightsCsvHref(api, applied)} download>
            Download CSV
          </a>
        </div>
      </form>
      {error ? <p role="alert" class="form-error">{`Could not load the report: ${error}`}</p> : null}
      {report === null && !error ? <p role="status">Loading…</p> : null}
      {report ? (
        <>
          <p role="status">
            {`${plural(report.totals.declined, 'question', 'questions')} not answered, ${plural(
              report.totals.down,
              'answer',
              'answers',
            )} rated thumbs down and ${report.totals.up} thumbs up.`}
          </p>
          {report.transcripts ? null : (
            <p class="muted">
              Transcripts are off: the relay keeps no question text, only outcomes and the pages answers
              cited.
            </p>
          )}
          <section aria-labelledby="insights-groups-h">
            <h2 id="insights-groups-h">Similar questions</h2>
            <Groups report={report} />
          </section>
          <section aria-labelledby="insights-pages-h">
            <h2 id="insights-pages-h">By cited page</h2>
            {report.pages.length === 0 ? (
              <p>No rated answer cited a page in this period.</p>
            ) : (
              <TableWrap label="Ratings by cited page">
                <table>
                  <caption class="visually-hidden">
                    Ratings of answers by the page they cited, most thumbs down first
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Page</th>
                      <th scope="col">Thumbs down</th>
                      <th scope="col">Thumbs up</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.pages.map((p) => (
                      <tr key={p.documentId || p.title}>
                        <th scope="row">
                          <PageLink page={p} />
                        </th>
                        <td>{p.down}</td>
                        <td>{p.up}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </section>
          <section aria-labelledby="insights-time-h">
            <h2 id="insights-time-h">Over time</h2>
            <TableWrap label="Counts over time">
              <table>
                <caption class="visually-hidden">Counts per {applied.bucket}, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">{unit}</th>
                    <th scope="col">Not answered</th>
                    <th scope="col">Thumbs down</th>
                    <th scope="col">Thumbs up</th>
                  </tr>
                </thead>
                <tbody>
                  {report.series.map((s) => (
                    <tr key={s.period}>
                      <th scope="row" class="nowrap">
                        <time dateTime={s.period}>{s.period}</time>
                      </th>
                      <td>{s.declined}</td>
                      <td>{s.down}</td>
                      <td>{s.up}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </section>
        </>
      ) : null}
    </>
  );
}
