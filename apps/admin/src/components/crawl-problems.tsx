import type { WireJob } from '@amicus/protocol/admin';
import { type JobError, jobErrors } from '../api/upstream-fields.js';
import { TableWrap } from './table-wrap.js';

const HTTP_MEANING: Record<string, string> = {
  '401': 'needs a login',
  '403': 'access refused',
  '404': 'page not found',
  '410': 'page removed',
  '429': 'the site asked us to slow down',
  '500': 'error on the website',
  '502': 'error on the website',
  '503': 'website unavailable',
};

export interface Problem {
  url: string;
  outcome: 'Failed' | 'Skipped' | 'Unchanged';
  reason: string;
  /** The indexed document an unchanged page already is, for a link (never shown as an id). */
  documentId?: string;
}

// "skipped: unchanged since indexed as document <id>" (and the older "skipped: duplicate of document <id>").
const UNCHANGED = /^(?:unchanged since indexed as|duplicate of) document ([0-9a-f-]{36})$/i;
const DOCUMENT_ID = /\bdocument [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** An error text with any document id replaced by words: staff read titles and addresses, not UUIDs. */
export function withoutIds(text: string): string {
  return text.replace(DOCUMENT_ID, 'a document already indexed');
}

/**
 * The crawler reports skipped addresses as `skipped: <why>` and failures as their error text
 * (`HTTP 404` for an error page); this turns both into an outcome and a sentence staff can act on.
 */
export function toProblem(e: JobError): Problem {
  const url = e.subject ?? '';
  const skipped = /^skipped:\s*/i.exec(e.error);
  if (skipped) {
    const why = e.error.slice(skipped[0].length);
    const unchanged = UNCHANGED.exec(why);
    if (unchanged?.[1]) {
      return {
        url,
        outcome: 'Unchanged',
        reason: 'Unchanged since it was last indexed',
        documentId: unchanged[1],
      };
    }
    const reason = /^robots\.txt$/i.test(why)
      ? "Blocked by the site's robots.txt"
      : withoutIds(why.charAt(0).toUpperCase() + why.slice(1));
    return { url, outcome: 'Skipped', reason };
  }
  const http = /^HTTP (\d{3})$/.exec(e.error);
  const meaning = http?.[1] ? HTTP_MEANING[http[1]] : undefined;
  return { url, outcome: 'Failed', reason: meaning ? `${e.error} (${meaning})` : withoutIds(e.error) };
}

export function CrawlProblems({ job }: { job: WireJob }) {
  const all = jobErrors(job.upstream)
    .filter((e) => e.subject !== null)
    .map(toProblem);
  // A re-crawl finds most pages as they were: news, not a problem, so they are counted apart.
  const unchanged = all.filter((p) => p.outcome === 'Unchanged').length;
  const problems = all
    .filter((p) => p.outcome !== 'Unchanged')
    // Failures first: they are what staff may need to fix on the site.
    .sort((a, b) => (a.outcome === b.outcome ? 0 : a.outcome === 'Failed' ? -1 : 1));
  return (
    <section aria-labelledby="problems-h">
      <h2 id="problems-h">Pages failed or skipped ({problems.length})</h2>
      {unchanged > 0 ? (
        <p>
          {unchanged === 1
            ? '1 page was unchanged since it was last indexed, so it was kept as it was.'
            : `${unchanged} pages were unchanged since they were last indexed, so they were kept as they were.`}
        </p>
      ) : null}
      {problems.length === 0 ? (
        <p>No page has failed or been skipped{job.status === 'processing' ? ' so far' : ''}.</p>
      ) : (
        <TableWrap label="Pages failed or skipped">
          <table>
            <caption class="visually-hidden">Pages failed or skipped, with the reason</caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Outcome</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p, i) => (
                <tr key={`${p.url}-${i}`}>
                  <td class="url">{p.url}</td>
                  <td>{p.outcome}</td>
                  <td>{p.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}
