import { describe, expect, it } from 'vitest';
import { toProblem } from './crawl-problems.js';

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
});
