import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnName, makeXlsxWith } from '../../test/fixtures/deflated-zip.js';
import type { Json } from '../../test/fixtures/json.js';
import { makeXlsx } from '../../test/fixtures/make-files.js';
import { multipartBody } from '../../test/fixtures/multipart.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

/*
 * Issue 10, item 7: XLSX parsing was quadratic in rows (exceljs `columnCount`, which walks every
 * row, was evaluated per cell): 20k rows took 40 s, 50k over 300 s. Replayed over HTTP.
 */

let api: TestChatbotApi;
beforeAll(async () => {
  api = await startTestChatbotApi();
});
afterAll(() => api.close());

async function ingest(filename: string, data: Buffer): Promise<Json> {
  const { body, contentType } = multipartBody([{ name: 'file', filename, data }]);
  const res = await fetch(`${api.url}/ingest/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': contentType },
    body,
  });
  expect(res.status).toBe(202);
  const { job_id: id } = (await res.json()) as Json;
  // Bounded: 8 s at most, where the quadratic parser needed 40 s for 20k rows.
  for (let i = 0; i < 320; i++) {
    const job = (await (
      await fetch(`${api.url}/ingest/jobs/${id}`, { headers: { authorization: `Bearer ${api.ingestKey}` } })
    ).json()) as Json;
    if (job.status !== 'processing') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the job did not finish in 8 s');
}

describe('XLSX uploads against the per-sheet limits', () => {
  it('indexes a 20,000-row workbook without the quadratic slowdown', async () => {
    const rows: (string | number)[][] = [['Case', 'Courtroom', 'Fee']];
    for (let i = 0; i < 20_000; i++) rows.push([`Case ${i}`, `Room ${i % 12}`, i % 500]);
    const job = await ingest('cases.xlsx', await makeXlsx({ Cases: rows }));
    expect(job).toMatchObject({ status: 'completed', counts: { succeeded: 1 } });
  }, 15_000);

  it('fails a sheet of more than 100,000 rows with a clear error', async () => {
    const rows = Array.from(
      { length: 100_001 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    );
    const job = await ingest('long.xlsx', makeXlsxWith([rows.join('')]));
    expect(job.status).toBe('failed');
    expect(job.errors[0].error).toBe(
      'The spreadsheet is refused: sheet "Data" has more than 100,000 rows; split it into smaller files.',
    );
  }, 15_000);

  it('fails a sheet of sparse rows reaching column XFD (over 2,000,000 cells) with a clear error', async () => {
    const far = columnName(16_384);
    const rows = Array.from(
      { length: 200 },
      (_, i) => `<row r="${i + 1}"><c r="${far}${i + 1}"><v>1</v></c></row>`,
    );
    const job = await ingest('wide.xlsx', makeXlsxWith([rows.join('')]));
    expect(job.status).toBe('failed');
    expect(job.errors[0].error).toBe(
      'The spreadsheet is refused: sheet "Data" has more than 2,000,000 cells; split it into smaller files.',
    );
  });
});
