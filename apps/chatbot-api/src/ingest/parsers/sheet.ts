import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { ParseError } from './parse-error.js';
import { XlsxPackage } from './xlsx-package.js';

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

/**
 * Rows and cells one worksheet may hold (issue 10, item 7). A table that size is far past anything a
 * court publishes as a spreadsheet; the limits keep one upload's parse within seconds and within
 * the parse worker's heap. Cells count a row's full width (a lone cell in column XFD counts 16,384),
 * since that is what the row becomes.
 */
export const MAX_SHEET_ROWS = 100_000;
export const MAX_SHEET_CELLS = 2_000_000;

export interface SheetLimits {
  maxRows: number;
  maxCells: number;
}

const SHEET_LIMITS: SheetLimits = { maxRows: MAX_SHEET_ROWS, maxCells: MAX_SHEET_CELLS };

/**
 * XLSX: one table per worksheet, the sheet name as heading, the first non-empty row as header.
 * exceljs's worksheet reader hands over one row at a time, so the work is linear in the rows and
 * the caps apply while reading (the whole-workbook model took 890 MB for 2M cells, and its
 * `columnCount`, which walks every row, was evaluated per cell: 20k rows took 40 s). The package
 * is read by its central directory (xlsx-package.ts), so the order of its parts does not matter.
 */
export async function parseXlsx(
  bytes: Buffer,
  fallbackTitle: string,
  pacer: Pacer,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<ParsedDocument> {
  const blocks: Block[] = [];
  let title = '';
  try {
    const xlsx = XlsxPackage.open(bytes);
    title = xlsx.title();
    for await (const { name, rows: sheetRows } of xlsx.worksheets()) {
      const rows: string[][] = [];
      let cells = 0;
      for await (const row of sheetRows) {
        if (!row.hasValues) continue;
        const width = row.cellCount;
        cells += width;
        if (rows.length >= limits.maxRows)
          throw overLimit(name, `${limits.maxRows.toLocaleString('en-US')} rows`);
        if (cells > limits.maxCells)
          throw overLimit(name, `${limits.maxCells.toLocaleString('en-US')} cells`);
        // Only the cells present: a sparse row is mostly empty strings, not cells to make and read.
        const values = new Array<string>(width).fill('');
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          values[col - 1] = cell.text.replace(/\s+/g, ' ').trim();
        });
        rows.push(values);
        await pacer.tick();
      }
      blocks.push(...(await tableBlocks(rows, [name], pacer)));
    }
  } catch (err) {
    if (err instanceof ParseError) throw err;
    // The cause stays attached so a real failure can be told from a damaged file.
    throw new ParseError('The spreadsheet could not be read; it may be damaged.', { cause: err });
  }
  return { title: title || fallbackTitle, blocks };
}

function overLimit(sheet: string, limit: string): ParseError {
  return new ParseError(
    `The spreadsheet is refused: sheet "${sheet}" has more than ${limit}; split it into smaller files.`,
  );
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
