import { describe, expect, it } from 'vitest';
import { toProblem, withoutIds } from './crawl-problems.js';

describe('toProblem', () => {
  it('explains an HTTP error status in words', () => {
    expect(toProblem({ subject: 'https://a.gov/x', error: 'HTTP 404' })).toEqual({
      url: 'https://a.gov/x',
      outcome: 'Failed',
      reason: 'HTTP 404 (page not found)',
    });
  });

  it('separates skipped addresses from failures and names robots.txt plainly', () => {
    expect(toProblem({ subject: 'u', error: 'skipped: robots.txt' })).toMatchObject({
      outcome: 'Skipped',
      reason: "Blocked by the site's robots.txt",
    });
    expect(toProblem({ subject: 'u', error: 'skipped: outside the allowed domains' }).reason).toBe(
      'Outside the allowed domains',
    );
  });

  it('reports a page found as it was as unchanged, never by its document id', () => {
    const id = '0b7c7a0e-3c1d-4b4e-9a51-2f6f5d1e8c11';
    const p = toProblem({
      subject: 'https://a.gov/x',
      error: `skipped: unchanged since indexed as document ${id}`,
    });
    expect(p).toEqual({
      url: 'https://a.gov/x',
      outcome: 'Unchanged',
      reason: 'Unchanged since it was last indexed',
      documentId: id,
    });
    expect(toProblem({ subject: 'u', error: `skipped: duplicate of document ${id}` }).outcome).toBe(
      'Unchanged',
    );
  });
});

describe('withoutIds', () => {
  it('replaces document ids in error texts with words', () => {
    expect(
      withoutIds(
        'duplicate: the same content is already in namespace "general" as document 0b7c7a0e-3c1d-4b4e-9a51-2f6f5d1e8c11',
      ),
    ).toBe('duplicate: the same content is already in namespace "general" as a document already indexed');
  });
});
