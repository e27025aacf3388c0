import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADA_SITE_DIR } from '../../test/fixtures/paths.js';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { searchPassages } from '../knowledge/search.js';
import { getJobById, jobView } from './jobs.js';
import { pagePath, seedDirectory } from './seed.js';

const DEMO_SITE_DIR = fileURLToPath(new URL('../../../demo-site/public', import.meta.url));

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

describe('seedDirectory', () => {
  it('ingests every page robots.txt allows as crawled documents in one completed job', async () => {
    const result = await seedDirectory(deps, {
      accountId: 'acc',
      dir: ADA_SITE_DIR,
      baseUrl: 'http://localhost:8000/',
      namespace: 'ada',
    });
    // 65 pages, 2 of them under /private/, which the fixture's robots.txt disallows.
    expect(result.documents).toBe(63);
    expect(result.failed).toBe(0);
    const job = getJobById(deps.db, result.jobId)!;
    const view = jobView(deps.db, job);
    expect(view).toMatchObject({
      object: 'ingest.job',
      status: 'completed',
      namespace: 'ada',
      counts: { total: 63, processed: 63, succeeded: 63, failed: 0 },
      errors: [],
    });
    expect(view.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const doc = deps.db
      .prepare(
        "SELECT * FROM kb_documents WHERE source_url = 'http://localhost:8000/resources/service-animals-faqs/'",
      )
      .get() as Record<string, unknown>;
    expect(doc).toMatchObject({
      source_type: 'crawl',
      status: 'ready',
      namespace: 'ada',
      filename: 'http://localhost:8000/resources/service-animals-faqs/',
    });

    const [top] = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: ['ada'],
      query: 'Can hotels charge a cleaning fee for a service animal?',
      limit: 3,
    });
    expect(top?.sourceFilename).toBe('http://localhost:8000/resources/service-animals-faqs/');
  });
});

describe('seedDirectory and robots.txt', () => {
  it("skips the pages the directory's robots.txt disallows, and takes every page without one", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-robots-'));
    try {
      const page = (title: string) =>
        `<html><head><title>${title}</title></head><body><p>${title} text.</p></body></html>`;
      mkdirSync(join(dir, 'staff'));
      mkdirSync(join(dir, 'fees'));
      writeFileSync(join(dir, 'index.html'), page('Home'));
      writeFileSync(join(dir, 'fees', 'index.html'), page('Fees'));
      writeFileSync(join(dir, 'staff', 'index.html'), page('Staff only'));
      const urls = () =>
        deps.db.prepare('SELECT source_url FROM kb_documents ORDER BY source_url').pluck().all() as string[];

      writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /staff/\n');
      const seeded = await seedDirectory(deps, {
        accountId: 'acc',
        dir,
        baseUrl: 'http://court.test',
        namespace: 'a',
      });
      expect(seeded.documents).toBe(2);
      expect(urls()).toEqual(['http://court.test/', 'http://court.test/fees/']);

      rmSync(join(dir, 'robots.txt'));
      await seedDirectory(deps, { accountId: 'acc', dir, baseUrl: 'http://court.test', namespace: 'b' });
      expect(urls()).toContain('http://court.test/staff/');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes out a page seeded before robots.txt disallowed it, and leaves unchanged pages as they were', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-again-'));
    try {
      mkdirSync(join(dir, 'staff'));
      writeFileSync(
        join(dir, 'index.html'),
        '<html><head><title>Home</title></head><body><p>Welcome.</p></body></html>',
      );
      writeFileSync(
        join(dir, 'staff', 'index.html'),
        '<html><head><title>Staff</title></head><body><p>Rota.</p></body></html>',
      );
      const opts = { accountId: 'acc', dir, baseUrl: 'http://court.test', namespace: 'general' };
      expect(await seedDirectory(deps, opts)).toMatchObject({ documents: 2, unchanged: 0, removed: 0 });
      writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /staff/\n');
      const again = await seedDirectory(deps, opts);
      expect(again).toMatchObject({ documents: 0, failed: 0, unchanged: 1, removed: 1 });
      expect(jobView(deps.db, getJobById(deps.db, again.jobId)!).status).toBe('completed');
      const urls = deps.db.prepare('SELECT source_url FROM kb_documents').pluck().all() as string[];
      expect(urls).toEqual(['http://court.test/']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves the demo court site's /staff/ page out of the knowledge base npm start seeds", async () => {
    await seedDirectory(deps, {
      accountId: 'acc',
      dir: DEMO_SITE_DIR,
      baseUrl: 'http://localhost:8080',
      namespace: 'general',
    });
    const urls = deps.db.prepare('SELECT source_url FROM kb_documents').pluck().all() as string[];
    expect(urls).toContain('http://localhost:8080/');
    expect(urls.filter((u) => u.includes('/staff/'))).toEqual([]);
  });
});

describe('pagePath', () => {
  it('maps index files to folder URLs', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('topics/service-animals/index.html')).toBe('/topics/service-animals/');
    expect(pagePath('forms/page.html')).toBe('/forms/page.html');
  });
});
