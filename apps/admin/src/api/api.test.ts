import type { WireJob } from '@amicus/protocol/admin';
import { describe, expect, it } from 'vitest';
import { FilesRejectedError, fromResponse, RetryLaterError, SignedOutError } from './errors.js';
import { staleWarning } from './job-health.js';
import type { TrackedJob } from './job-tracker.js';
import { perFileProgress } from './upload.js';
import { jobCounts, jobErrors, jobFailureReason, toDocumentView } from './upstream-fields.js';

describe('fromResponse', () => {
  it('maps the relay error envelope to the class the UI branches on', () => {
    const env = (code: string, extra = {}) => ({ error: { code, message: 'm', param: null, ...extra } });
    expect(fromResponse(401, env('unauthenticated'), null)).toBeInstanceOf(SignedOutError);
    expect(fromResponse(401, env('invalid_credentials'), null)).not.toBeInstanceOf(SignedOutError);
    const locked = fromResponse(429, env('locked_out', { retry_after: 900 }), '900');
    expect(locked).toBeInstanceOf(RetryLaterError);
    expect((locked as RetryLaterError).retryAfterSeconds).toBe(900);
    const files = [{ index: 1, filename: 'a.pdf', code: 'rejected_upstream', reason: 'not a PDF' }];
    const rejected = fromResponse(400, env('invalid_files', { files }), null);
    expect(rejected).toBeInstanceOf(FilesRejectedError);
    expect((rejected as FilesRejectedError).files).toEqual(files);
  });

  it('survives a body that is not the envelope', () => {
    expect(fromResponse(502, '<html>', null).message).toMatch(/HTTP 502/);
  });
});

describe('perFileProgress', () => {
  it('fills files in the order they are sent', () => {
    expect(perFileProgress([100, 100], { loaded: 150, total: 200 })).toEqual([1, 0.5]);
    expect(perFileProgress([100, 100], { loaded: 0, total: 200 })).toEqual([0, 0]);
  });
});

const job = (over: Partial<WireJob>): WireJob => ({
  id: 'j',
  kind: 'crawl',
  namespace: 'general',
  status: 'processing',
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
  created_by: 'admin',
  files: null,
  document_ids: null,
  seed_urls: ['https://a.gov/'],
  upstream: null,
  ...over,
});

describe('staleWarning', () => {
  const tracked = (j: WireJob, checkedAt: number): TrackedJob => ({ job: j, checkedAt, checkError: null });

  it('says nothing for a job inside its time', () => {
    expect(staleWarning(tracked(job({}), 60_000), 60_000)).toBeNull();
  });

  it('flags a crawl still processing past the 10-minute budget', () => {
    const now = 12 * 60_000;
    expect(staleWarning(tracked(job({}), now), now)).toMatch(/10-minute limit/);
  });

  it('flags a job whose status could not be confirmed for a minute', () => {
    expect(staleWarning(tracked(job({ kind: 'ingest' }), 0), 2 * 60_000)).toMatch(/could not confirm/);
  });

  it('never flags a finished job', () => {
    expect(staleWarning(tracked(job({ status: 'failed' }), 0), 60 * 60_000)).toBeNull();
  });
});

describe('upstream readers', () => {
  const upstream = {
    id: 'j',
    status: 'completed_with_errors',
    pages_crawled: 5,
    pages_failed: 1,
    created_at: 'x',
    errors: [
      { url: 'https://a.gov/missing', error: 'HTTP 404' },
      { url: 'crawl', error: 'The crawl timed out.' },
    ],
  };

  it('lists numeric fields as counts, without timestamps', () => {
    expect(jobCounts(upstream).map((c) => `${c.label}=${c.value}`)).toEqual([
      'Pages fetched=5',
      'Pages failed=1',
    ]);
  });

  it('reads the nested counts object the chatbot-api sends, with plain labels', () => {
    const counts = jobCounts({ counts: { total: 3, processed: 2, succeeded: 2, failed: 0 } });
    expect(counts.map((c) => `${c.label}=${c.value}`)).toEqual([
      'Files accepted=3',
      'Files processed=2',
      'Files ready=2',
      'Failed=0',
    ]);
  });

  it('separates page errors from the failure of the whole crawl', () => {
    expect(jobErrors(upstream)[0]).toEqual({ subject: 'https://a.gov/missing', error: 'HTTP 404' });
    expect(jobFailureReason(upstream)).toBe('The crawl timed out.');
  });

  it('explains a failed upload by its files when the job itself gives no reason', () => {
    const errors = [
      { document_id: 'd1', error: 'The PDF has no text.' },
      { document_id: 'd2', error: 'Duplicate.' },
    ];
    expect(jobFailureReason({ errors })).toBe('2 items failed; the first: The PDF has no text.');
  });

  it('reads a document with missing fields as unknown, not a crash', () => {
    const d = toDocumentView({ id: 'd1', status: 'ready', filename: 'a.pdf', chunk_count: 3 });
    expect(d).toMatchObject({ id: 'd1', name: 'a.pdf', chunkCount: 3, bytes: null, sourceUrl: null });
  });
});
