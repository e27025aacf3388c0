import { describe, expect, it } from 'vitest';
import { expect400, expectError, UUID } from '../src/expect-error.js';
import { docx, oneOfEachType, pdf, type SampleFile, textFile, xlsx } from '../src/files/sample-files.js';
import { zip } from '../src/files/zip.js';
import { need, useTarget } from '../src/fixture.js';
import { call, chunkedRequest } from '../src/http.js';
import { upload, waitForJob } from '../src/ingest.js';
import { multipart } from '../src/multipart.js';

const target = useTarget();

const up = (files: SampleFile[], namespace?: string) =>
  upload(target().baseUrl, target().ingestKey, files, namespace);
const rawUpload = (body: Uint8Array, contentType: string) =>
  call(target().url('/ingest/files'), 'POST', {
    key: target().ingestKey,
    body,
    headers: { 'content-type': contentType },
  });
const tag = () => Math.random().toString(36).slice(2, 8);

interface Accepted {
  job_id: string;
  document_ids: string[];
  status: string;
}

describe('Ingestion (POST /ingest/files)', () => {
  it('accepts one real file of every allowed type and returns job_id, document_ids and status processing', async () => {
    const files = oneOfEachType(tag());
    const res = await up(files);
    expect(res.status, res.text).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    const a = res.body as Accepted;
    expect(a.job_id).toMatch(UUID);
    expect(a.document_ids).toHaveLength(files.length);
    for (const id of a.document_ids) expect(id).toMatch(UUID);
    expect(a.status).toBe('processing');
    const job = await waitForJob(target().url(`/ingest/jobs/${a.job_id}`), target().ingestKey);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.errors).toEqual([]);
    for (const id of a.document_ids) {
      const doc = await call(target().url(`/documents/${id}`), 'GET', { key: target().ingestKey });
      expect(doc.status).toBe(200);
      expect((doc.body as { status: string }).status, `${id}: ${doc.text}`).toBe('ready');
    }
  });

  it('uses namespace general by default and accepts a namespace part', async () => {
    const def = (await up([textFile(`ns-default-${tag()}.txt`, `Default namespace ${tag()}`)]))
      .body as Accepted;
    const own = (await up([textFile(`ns-own-${tag()}.txt`, `Own namespace ${tag()}`)], 'probate_2026'))
      .body as Accepted;
    const d1 = await call(target().url(`/documents/${def.document_ids[0]}`), 'GET', {
      key: target().ingestKey,
    });
    const d2 = await call(target().url(`/documents/${own.document_ids[0]}`), 'GET', {
      key: target().ingestKey,
    });
    // The namespace field of the document object is not shown by the contract: check through the list filter.
    const list = await call(target().url('/documents?namespace=probate_2026&limit=1000'), 'GET', {
      key: target().ingestKey,
    });
    const ids = (list.body as { data: { id: string }[] }).data.map((d) => d.id);
    expect(ids).toContain(own.document_ids[0]);
    expect(ids).not.toContain(def.document_ids[0]);
    const general = await call(target().url('/documents?namespace=general&limit=1000'), 'GET', {
      key: target().ingestKey,
    });
    expect((general.body as { data: { id: string }[] }).data.map((d) => d.id)).toContain(def.document_ids[0]);
    expect(d1.status).toBe(200);
    expect(d2.status).toBe(200);
  });

  it('applies a namespace part sent after the file parts', async () => {
    const form = multipart([
      {
        name: 'file',
        filename: `late-${tag()}.txt`,
        contentType: 'text/plain',
        content: `Late namespace ${tag()}`,
      },
      { name: 'namespace', content: 'late_ns' },
    ]);
    const res = await rawUpload(form.body, form.contentType);
    expect(res.status, res.text).toBeLessThan(300);
    const id = (res.body as Accepted).document_ids[0];
    const list = await call(target().url('/documents?namespace=late_ns'), 'GET', { key: target().ingestKey });
    expect((list.body as { data: { id: string }[] }).data.map((d) => d.id)).toContain(id);
  });

  it('rejects a namespace that does not match ^[a-z0-9][a-z0-9_-]{0,63}$ with param namespace', async () => {
    for (const ns of ['Upper', '-lead', '', 'a'.repeat(65), 'sp ace', 'dot.ns']) {
      expect400(await up([textFile(`x-${tag()}.txt`, 'x')], ns), 'namespace');
    }
  });

  it('rejects a request with no file part with param file', async () => {
    const form = multipart([{ name: 'namespace', content: 'general' }]);
    expect400(await rawUpload(form.body, form.contentType), 'file');
  });

  it('accepts 20 files and rejects 21 with param file', async () => {
    const t = tag();
    const twenty = Array.from({ length: 20 }, (_, i) =>
      textFile(`f${i}-${t}.txt`, `File ${i} of batch ${t}`),
    );
    const ok = await up(twenty);
    expect(ok.status, ok.text).toBeLessThan(300);
    expect((ok.body as Accepted).document_ids).toHaveLength(20);
    const t2 = tag();
    const many = Array.from({ length: 21 }, (_, i) =>
      textFile(`g${i}-${t2}.txt`, `File ${i} of batch ${t2}`),
    );
    expect400(await up(many), 'file');
  });

  it('rejects a disallowed extension with param file[i]', async () => {
    for (const name of ['run.exe', 'notes.rtf', 'page.php', 'noextension', 'archive.zip']) {
      expect400(await up([textFile(`ok-${tag()}.txt`, 'fine'), textFile(name, 'text')]), 'file[1]');
    }
  });

  it('rejects content that does not match the extension with param file[i]', async () => {
    const mismatches: SampleFile[] = [
      textFile('forms.pdf', 'this is not a PDF'),
      {
        filename: 'guide.docx',
        content: Buffer.from('plain text, not a zip'),
        contentType: 'application/octet-stream',
      },
      { filename: 'sheet.xlsx', content: pdf('a pdf named xlsx'), contentType: 'application/octet-stream' },
      { filename: 'notes.txt', content: pdf('a pdf named txt'), contentType: 'text/plain' },
      // Zip containers that are not the right OOXML package.
      {
        filename: 'plain.docx',
        content: zip({ 'hello.txt': 'hi there' }),
        contentType: 'application/octet-stream',
      },
      { filename: 'word.xlsx', content: docx('Heading', ['para']), contentType: 'application/octet-stream' },
      { filename: 'sheet.docx', content: xlsx([['a'], ['1']]), contentType: 'application/octet-stream' },
      { filename: 'table.csv', content: pdf('a pdf named csv'), contentType: 'text/csv' },
      {
        filename: 'mail.eml',
        content: Buffer.from('just some text, not a message'),
        contentType: 'message/rfc822',
      },
    ];
    for (const f of mismatches) expect400(await up([f]), 'file[0]');
  });

  it('rejects text files that are not valid UTF-8 with param file[i]', async () => {
    for (const ext of ['txt', 'csv', 'md', 'html']) {
      const f: SampleFile = {
        filename: `latin1-${tag()}.${ext}`,
        content: Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0xff, 0xfe, 0x0a]),
        contentType: 'text/plain',
      };
      expect400(await up([f]), 'file[0]');
    }
  });

  it('rejects empty files with param file[i]', async () => {
    expect400(await up([textFile(`fine-${tag()}.txt`, 'x'), textFile('empty.txt', '')]), 'file[1]');
  });

  it('rejects filenames over 255 bytes with param file[i]', async () => {
    const name256 = `${'é'.repeat(124)}abcd.txt`; // 248 + 8 = 256 bytes in 132 characters
    expect(Buffer.byteLength(name256)).toBe(256);
    expect400(await up([textFile(name256, 'x')]), 'file[0]');
    const name255 = `${'a'.repeat(245)}-${tag().slice(0, 5)}.txt`;
    expect(Buffer.byteLength(name255)).toBe(255);
    expect((await up([textFile(name255, `ok ${tag()}`)])).status).toBeLessThan(300);
  });

  it('rejects filenames with /, \\, control or other non-printable characters with param file[i]', async () => {
    for (const name of ['dir/file.txt', 'dir\\file.txt', 'tab\tname.txt', 'c1\u0085.txt']) {
      expect400(await up([textFile(name, 'x')]), 'file[0]');
    }
    // Control characters other than tab cannot appear raw in a well-formed part header: they travel
    // in the RFC 5987 form, which must be decoded and then rejected for the file.
    for (const name of [
      'bell\u0007.txt',
      'del\u007f.txt',
      'esc\u001b[31m.txt',
      'nul\u0000.txt',
      'cr\rlf\n.txt',
    ]) {
      const form = multipart([{ name: 'file', filenameStar: name, contentType: 'text/plain', content: 'x' }]);
      expect400(await rawUpload(form.body, form.contentType), 'file[0]');
    }
  });

  it('rejects a raw control character in the part header with a 400 envelope', async () => {
    const form = multipart([
      { name: 'file', filename: 'bell\u0007.txt', contentType: 'text/plain', content: 'x' },
    ]);
    const res = await rawUpload(form.body, form.contentType);
    expectError(res, 400);
    expect([null, 'file[0]']).toContain(expectError(res, 400).param);
  });

  it('rejects filenames with invisible format characters (U+200B, U+202E) as non-printable', async () => {
    for (const name of ['zw\u200bsp.txt', 'rtl\u202etxt.exe.txt']) {
      expect400(await up([textFile(name, 'x')]), 'file[0]');
    }
  });

  it('rejects a file over 25 MiB (26,214,401 bytes) with param file[i]', { timeout: 60_000 }, async () => {
    const over = Buffer.alloc(
      26_214_401,
      'The clerk of the court keeps the records of every case filed here.\n',
    );
    expect400(
      await up([{ filename: `big-${tag()}.txt`, content: over, contentType: 'text/plain' }]),
      'file[0]',
    );
  });

  it('reports only the first failing file', async () => {
    expect400(
      await up([textFile(`a-${tag()}.txt`, 'fine'), textFile('b.exe', 'x'), textFile('c.txt', '')]),
      'file[1]',
    );
  });

  it('accepts an upload sent with Transfer-Encoding: chunked', async () => {
    const form = multipart([
      {
        name: 'file',
        filename: `chunked-${tag()}.txt`,
        contentType: 'text/plain',
        content: `Chunked ${tag()}`,
      },
    ]);
    const pieces = [form.body.subarray(0, 40), form.body.subarray(40, 90), form.body.subarray(90)];
    const res = await chunkedRequest(
      target().url('/ingest/files'),
      'POST',
      { authorization: `Bearer ${target().ingestKey}`, 'content-type': form.contentType },
      pieces,
    );
    expect(res.status, res.text).toBeLessThan(300);
    expect((res.body as Accepted).document_ids).toHaveLength(1);
  });

  it('rejects a body that is not multipart/form-data with a 400 envelope', async () => {
    const res = await call(target().url('/ingest/files'), 'POST', {
      key: target().ingestKey,
      json: { file: 'x' },
    });
    expectError(res, 400);
  });
});

describe('Ingest jobs (GET /ingest/jobs/{jobId})', () => {
  it('returns the job status object with a status and an errors array', async () => {
    const a = (await up([textFile(`job-${tag()}.txt`, `Job test ${tag()}`)])).body as Accepted;
    const res = await call(target().url(`/ingest/jobs/${a.job_id}`), 'GET', { key: target().ingestKey });
    expect(res.status).toBe(200);
    const job = res.body as { status: string; errors: unknown[] };
    expect(['processing', 'completed', 'completed_with_errors', 'failed']).toContain(job.status);
    expect(Array.isArray(job.errors)).toBe(true);
    const done = await waitForJob(target().url(`/ingest/jobs/${a.job_id}`), target().ingestKey);
    expect(done.status).toBe('completed');
  });

  it('reports a failed document as an error entry with document_id and error', async () => {
    // A real PDF with no text layer: valid type and content, but nothing to index.
    const fixed = pdf(null);
    const res = await up([
      textFile(`good-${tag()}.txt`, `Good ${tag()}`),
      { filename: `scan-${tag()}.pdf`, content: fixed, contentType: 'application/pdf' },
    ]);
    if (res.status === 400) {
      // Rejecting an unreadable PDF up front is also within the contract.
      expect400(res, 'file[1]');
      return;
    }
    const a = res.body as Accepted;
    const job = await waitForJob(target().url(`/ingest/jobs/${a.job_id}`), target().ingestKey);
    expect(job.status).toBe('completed_with_errors');
    const errors = job.errors as { document_id: string; error: string }[];
    expect(errors).toHaveLength(1);
    expect(errors[0]!.document_id).toBe(a.document_ids[1]);
    expect(typeof errors[0]!.error).toBe('string');
  });

  it('reports a document deleted before it was processed as an error entry while the job continues', async () => {
    const t = tag();
    // A larger first file keeps the job busy while the second document is deleted.
    const first = Buffer.alloc(2 * 1024 * 1024, `Records of the court, batch ${t}. `);
    const res = await up([
      { filename: `first-${t}.txt`, content: first, contentType: 'text/plain' },
      textFile(`second-${t}.txt`, `Second document ${t}`),
    ]);
    const a = res.body as Accepted;
    const second = a.document_ids[1]!;
    const del = await call(target().url(`/documents/${second}`), 'DELETE', { key: target().ingestKey });
    expect(del.status, del.text).toBe(200);
    const job = await waitForJob(target().url(`/ingest/jobs/${a.job_id}`), target().ingestKey);
    const errors = job.errors as { document_id: string; error: string }[];
    expect(errors, JSON.stringify(job)).toHaveLength(1);
    expect(errors[0]!.document_id).toBe(second);
    expect(errors[0]!.error.toLowerCase()).toMatch(/deleted/);
    expect(job.status).toBe('completed_with_errors');
  });

  it("hides another account's jobs (404 not_found)", async (ctx) => {
    const other = await need(ctx, () => target().otherAccount());
    const a = (await up([textFile(`mine-${tag()}.txt`, `Mine ${tag()}`)])).body as Accepted;
    const res = await call(target().url(`/ingest/jobs/${a.job_id}`), 'GET', { key: other.ingestKey });
    expectError(res, 404, { code: 'not_found' });
  });

  it('returns 404 not_found for unknown and malformed job ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expectError(await call(target().url(`/ingest/jobs/${id}`), 'GET', { key: target().ingestKey }), 404, {
        code: 'not_found',
      });
    }
  });
});
