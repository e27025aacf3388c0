import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADA_SITE_DIR } from '../../test/fixtures/paths.js';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { searchPassages } from '../knowledge/search.js';
import { getJobById, jobView } from './jobs.js';
import { pagePath, seedDirectory } from './seed.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

describe('seedDirectory', () => {
  it('ingests every page of a static site as crawled documents in one completed job', async () => {
    const result = await seedDirectory(deps, {
      accountId: 'acc',
      dir: ADA_SITE_DIR,
      baseUrl: 'http://localhost:8000/',
      namespace: 'ada',
    });
    expect(result.documents).toBe(65);
    expect(result.failed).toBe(0);
    const job = getJobById(deps.db, result.jobId)!;
    const view = jobView(deps.db, job);
    expect(view).toMatchObject({
      object: 'ingest.job',
      status: 'completed',
      namespace: 'ada',
      counts: { total: 65, processed: 65, succeeded: 65, failed: 0 },
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

describe('pagePath', () => {
  it('maps index files to folder URLs', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('topics/service-animals/index.html')).toBe('/topics/service-animals/');
    expect(pagePath('forms/page.html')).toBe('/forms/page.html');
  });
});
