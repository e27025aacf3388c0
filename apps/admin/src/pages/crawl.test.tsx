// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, submit, typeInto } from '../../test/render.js';
import { CrawlPage } from './crawl.js';

let cleanup = () => {};
afterEach(() => cleanup());

describe('CrawlPage', () => {
  it('shows the contract defaults and defines depth and page limit in the help text', async () => {
    const r = await renderWithApi(<CrawlPage />);
    cleanup = r.cleanup;
    const value = (id: string) => (r.root.querySelector(`#${id}`) as HTMLInputElement).value;
    expect([value('crawl-pages'), value('crawl-depth'), value('crawl-rps')]).toEqual(['50', '3', '2']);
    expect((r.root.querySelector('#crawl-robots') as HTMLInputElement).checked).toBe(true);
    expect(r.root.querySelector('#crawl-depth-help')?.textContent).toMatch(/start pages are depth 0/);
    expect(r.root.querySelector('#crawl-pages-help')?.textContent).toMatch(/start pages included/);
    expect(r.root.querySelector('#crawl-depth')?.getAttribute('aria-describedby')).toBe('crawl-depth-help');
  });

  it('ties each range error to its field and sends nothing', async () => {
    const r = await renderWithApi(<CrawlPage />);
    cleanup = r.cleanup;
    await typeInto(r.root.querySelector('#crawl-seeds'), 'https://court.example.gov/');
    await typeInto(r.root.querySelector('#crawl-pages'), '501');
    await typeInto(r.root.querySelector('#crawl-rps'), '0.05');
    await submit(r.root.querySelector('form'));

    const pages = r.root.querySelector('#crawl-pages')!;
    expect(pages.getAttribute('aria-invalid')).toBe('true');
    expect(pages.getAttribute('aria-describedby')).toBe('crawl-pages-help crawl-pages-error');
    expect(r.root.querySelector('#crawl-pages-error')?.textContent).toMatch(/from 1 to 500/);
    expect(r.root.querySelector('#crawl-rps-error')?.textContent).toMatch(/from 0.1 to 10/);
    expect(document.activeElement?.id).toBe('crawl-pages');
    expect(r.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends numbers, not strings, and leaves out empty allowed domains', async () => {
    const job = { id: 'j1', kind: 'crawl', status: 'processing', created_at: '', updated_at: '' };
    const r = await renderWithApi(<CrawlPage />, { 'POST /crawls': job });
    cleanup = r.cleanup;
    await typeInto(
      r.root.querySelector('#crawl-seeds'),
      'https://court.example.gov/\nhttps://court.example.gov/faq',
    );
    await typeInto(r.root.querySelector('#crawl-depth'), '10');
    await submit(r.root.querySelector('form'));
    const post = r.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/admin/api/crawls');
    expect(post?.body).toEqual({
      namespace: 'general',
      seed_urls: ['https://court.example.gov/', 'https://court.example.gov/faq'],
      max_pages: 50,
      max_depth: 10,
      rate_limit_rps: 2,
      respect_robots_txt: true,
    });
    expect(location.hash).toBe('#/jobs/crawl/j1');
  });
});
