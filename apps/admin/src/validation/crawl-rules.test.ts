import { describe, expect, it } from 'vitest';
import { type CrawlForm, defaultCrawlForm, splitList, validateCrawl } from './crawl-rules.js';

const form = (over: Partial<CrawlForm>): CrawlForm => ({
  ...defaultCrawlForm('court-site'),
  seedUrls: 'https://court.example.gov/',
  ...over,
});

describe('defaultCrawlForm', () => {
  it('starts from the contract defaults: 50 pages, depth 3, 2 requests a second, robots.txt respected', () => {
    const f = defaultCrawlForm();
    expect([f.maxPages, f.maxDepth, f.rateLimitRps, f.respectRobotsTxt]).toEqual(['50', '3', '2', true]);
  });
});

describe('validateCrawl', () => {
  it('turns a valid form into a request with numbers and lists', () => {
    const { errors, request } = validateCrawl(
      form({ seedUrls: 'https://a.gov/\nhttps://a.gov/forms', allowedDomains: 'A.gov, b.gov' }),
    );
    expect(errors).toEqual({});
    expect(request).toEqual({
      namespace: 'court-site',
      seedUrls: ['https://a.gov/', 'https://a.gov/forms'],
      allowedDomains: ['a.gov', 'b.gov'],
      maxPages: 50,
      maxDepth: 3,
      rateLimitRps: 2,
      respectRobotsTxt: true,
    });
  });

  it.each([
    ['maxPages', '0'],
    ['maxPages', '501'],
    ['maxPages', '2.5'],
    ['maxDepth', '0'],
    ['maxDepth', '11'],
    ['rateLimitRps', '0.09'],
    ['rateLimitRps', '10.1'],
    ['rateLimitRps', 'fast'],
  ] as const)('rejects %s = %s', (field, value) => {
    const { errors, request } = validateCrawl(form({ [field]: value }));
    expect(errors[field]).toMatch(/from/);
    expect(request).toBeNull();
  });

  it.each([
    ['maxPages', '1'],
    ['maxPages', '500'],
    ['maxDepth', '1'],
    ['maxDepth', '10'],
    ['rateLimitRps', '0.1'],
    ['rateLimitRps', '10'],
  ] as const)('accepts the boundary %s = %s', (field, value) => {
    expect(validateCrawl(form({ [field]: value })).errors).toEqual({});
  });

  it('requires 1 to 100 http or https start addresses', () => {
    expect(validateCrawl(form({ seedUrls: '' })).errors.seedUrls).toMatch(/at least one/);
    const many = Array.from({ length: 101 }, (_, i) => `https://a.gov/${i}`).join('\n');
    expect(validateCrawl(form({ seedUrls: many })).errors.seedUrls).toMatch(/At most 100/);
    expect(validateCrawl(form({ seedUrls: 'ftp://a.gov/' })).errors.seedUrls).toMatch(/http/);
    expect(validateCrawl(form({ seedUrls: 'a.gov' })).errors.seedUrls).toMatch(/full web address/);
  });

  it('requires every start address to be inside the allowed domains, sub-domains included', () => {
    const f = form({ seedUrls: 'https://www.a.gov/\nhttps://b.gov/', allowedDomains: 'a.gov' });
    expect(validateCrawl(f).errors.seedUrls).toMatch(/"https:\/\/b.gov\/" is not in the allowed domains/);
    expect(validateCrawl(form({ seedUrls: 'https://www.a.gov/', allowedDomains: 'a.gov' })).errors).toEqual(
      {},
    );
  });

  it('rejects an allowed domain typed as a URL', () => {
    expect(validateCrawl(form({ allowedDomains: 'https://a.gov' })).errors.allowedDomains).toMatch(
      /not a domain/,
    );
  });

  it('rejects a namespace outside the contract pattern', () => {
    expect(validateCrawl(form({ namespace: 'Court Site' })).errors.namespace).toMatch(/lowercase/);
    expect(validateCrawl(form({ namespace: '' })).errors.namespace).toMatch(/Enter/);
  });
});

describe('splitList', () => {
  it('splits on newlines, commas and spaces', () => {
    expect(splitList(' a,b\n\nc d ')).toEqual(['a', 'b', 'c', 'd']);
  });
});
