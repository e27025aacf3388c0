import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit.js';
import { type AdminFixture, startAdminFixture } from '../testing/fixture.js';

// The upstream here is a closed port: every case below must be decided before any upstream call,
// and a case that wrongly reached the upstream would surface as a 503 instead of the expected 400.
let f: AdminFixture;
let headers: Record<string, string>;
beforeAll(async () => {
  f = await startAdminFixture({ env: { ADMIN_UPLOAD_MAX_FILE_BYTES: '1024' } });
  headers = await f.session();
});
afterAll(async () => {
  await f.close();
});

function upload(form: FormData) {
  return fetch(`${f.baseUrl}/uploads`, { method: 'POST', headers, body: form });
}

interface FilesError {
  error: { code: string; param: string | null; files: { index: number; filename: string; code: string }[] };
}

describe('POST /admin/api/uploads', () => {
  it('rejects each bad file with its own reason and never reaches the upstream', async () => {
    const form = new FormData();
    form.append('namespace', 'forms');
    form.append('file', new Blob(['hello']), 'notes.txt');
    form.append('file', new Blob(['MZ']), 'setup.exe');
    form.append('file', new Blob([]), 'empty.md');
    form.append('file', new Blob(['x'.repeat(2048)]), 'big.pdf');
    form.append('file', new Blob(['ok']), 'bad\u202ename.txt');
    const res = await upload(form);
    expect(res.status).toBe(400);
    const body = (await res.json()) as FilesError;
    expect(body.error.code).toBe('invalid_files');
    expect(body.error.files.map((x) => [x.index, x.code])).toEqual([
      [1, 'extension_not_allowed'],
      [2, 'empty_file'],
      [3, 'file_too_large'],
      [4, 'bad_filename'],
    ]);
    const audit = await listAudit(f.deps.sql, { limit: 1, action: 'upload.create' });
    expect(audit.data[0]).toMatchObject({ result: 'failure', detail: { namespace: 'forms' } });
  });

  it('reports every file past the 20-file cap', async () => {
    const form = new FormData();
    for (let i = 0; i < 22; i++) form.append('file', new Blob(['a']), `f${i}.exe`);
    const body = (await (await upload(form)).json()) as FilesError;
    expect(body.error.files.filter((x) => x.code === 'too_many_files').map((x) => x.index)).toEqual([20, 21]);
  });

  it('requires at least one file, a valid namespace, and the namespace before the files', async () => {
    const none = new FormData();
    none.append('namespace', 'general');
    expect(((await (await upload(none)).json()) as FilesError).error.param).toBe('file');
    const badNs = new FormData();
    badNs.append('namespace', 'Bad Namespace');
    badNs.append('file', new Blob(['a']), 'a.txt');
    expect(((await (await upload(badNs)).json()) as FilesError).error.param).toBe('namespace');
  });

  it('refuses a non-multipart upload with 415', async () => {
    const res = await fetch(`${f.baseUrl}/uploads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
  });
});

describe('POST /admin/api/crawls validation', () => {
  const crawl = (body: unknown) =>
    fetch(`${f.baseUrl}/crawls`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const ok = { namespace: 'site', seed_urls: ['https://court.example/'] };
  it.each([
    [{ ...ok, namespace: undefined }, 'namespace'],
    [{ ...ok, seed_urls: [] }, 'seed_urls'],
    [{ ...ok, seed_urls: ['https://a.example', 'ftp://b.example'] }, 'seed_urls[1]'],
    [{ ...ok, max_pages: 0 }, 'max_pages'],
    [{ ...ok, max_pages: 501 }, 'max_pages'],
    [{ ...ok, max_pages: '50' }, 'max_pages'],
    [{ ...ok, max_depth: 11 }, 'max_depth'],
    [{ ...ok, rate_limit_rps: 0.05 }, 'rate_limit_rps'],
    [{ ...ok, rate_limit_rps: 10.5 }, 'rate_limit_rps'],
    [{ ...ok, allowed_domains: ['good.example', 'bad domain'] }, 'allowed_domains[1]'],
    [{ ...ok, respect_robots_txt: 'yes' }, 'respect_robots_txt'],
  ])('names the field in a 400 (%j → %s)', async (body, param) => {
    const res = await crawl(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as FilesError).error).toMatchObject({ code: 'invalid_request', param });
  });

  it('audits the rejected crawl', async () => {
    await crawl({ ...ok, max_depth: 0 });
    const audit = await listAudit(f.deps.sql, { limit: 1, action: 'crawl.create' });
    expect(audit.data[0]).toMatchObject({ result: 'failure', detail: { param: 'max_depth' } });
  });
});
