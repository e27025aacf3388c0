import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { ParseError } from './parse-error.js';

/** Characters fed to the CSV parser at a time: the streaming parser stops between them. */
const CSV_SLICE = 64 * 1024;

/** CSV: the first record is the header, repeated at the top of every row-group chunk. */
export async function parseCsv(text: string, fallbackTitle: string, pacer: Pacer): Promise<ParsedDocument> {
  const records: string[][] = [];
  try {
    // The streaming parser (not csv-parse/sync) so a 25 MiB file is parsed in pieces, with the
    // event loop free between them; backpressure stops it while this loop waits.
    const parser = Readable.from(slices(text)).pipe(
      parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
    );
    for await (const record of parser) {
      records.push(record as string[]);
      await pacer.tick();
    }
  } catch {
    throw new ParseError('The CSV file could not be parsed.');
  }
  return { title: fallbackTitle, blocks: await tableBlocks(records, [], pacer) };
}

function* slices(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += CSV_SLICE) yield text.slice(i, i + CSV_SLICE);
}

/** XLSX: one table per worksheet, the sheet name as heading, the first non-empty row as header. */
export async function parseXlsx(bytes: Buffer, fallbackTitle: string, pacer: Pacer): Promise<ParsedDocument> {
  const wb = new ExcelJS.Workbook();
  try {
    // exceljs's typing predates Buffer generics in @types/node 20.
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ParseError('The spreadsheet could not be read; it may be damaged.');
  }
  const blocks: Block[] = [];
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    // A loop rather than eachRow's callback, so it can pause; findRow skips missing rows as
    // eachRow({ includeEmpty: false }) does.
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = ws.findRow(r);
      if (!row?.hasValues) continue;
      const cells: string[] = [];
      for (let i = 1; i <= ws.columnCount; i++) cells.push(row.getCell(i).text.replace(/\s+/g, ' ').trim());
      rows.push(cells);
      await pacer.tick();
    }
    blocks.push(...(await tableBlocks(rows, [ws.name], pacer)));
  }
  const title = typeof wb.title === 'string' && wb.title ? wb.title : fallbackTitle;
  return { title, blocks };
}

async function tableBlocks(records: string[][], headings: string[], pacer: Pacer): Promise<Block[]> {
  const rows: string[][] = [];
  for (const record of records) {
    const row = trimEnd(record.map((c) => String(c).trim()));
    if (row.some((c) => c.length > 0)) rows.push(row);
    await pacer.tick();
  }
  const [header, ...body] = rows;
  if (!header) return [];
  if (body.length === 0) return [{ kind: 'text', headings, text: header.join(' | ') }];
  return [{ kind: 'table', headings, header, rows: body }];
}

function trimEnd(cells: string[]): string[] {
  let n = cells.length;
  while (n > 0 && cells[n - 1] === '') n--;
  return cells.slice(0, n);
}
