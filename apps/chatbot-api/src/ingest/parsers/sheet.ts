import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import type { Pacer } from '../../knowledge/pacer.js';
import { ParseError } from './parse-error.js';
import { entryData, readZipDirectory } from './zip-directory.js';
import { MAX_ZIP_ENTRIES } from './zip-guard.js';

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
 * exceljs's streaming reader hands over one row at a time, so the work is linear in the rows and
 * the caps apply while reading (the whole-workbook model took 890 MB for 2M cells, and its
 * `columnCount`, which walks every row, was evaluated per cell: 20k rows took 40 s).
 */
export async function parseXlsx(
  bytes: Buffer,
  fallbackTitle: string,
  pacer: Pacer,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<ParsedDocument> {
  const blocks: Block[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Styles tell dates from numbers.
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const ws of reader) {
      // exceljs's typings omit the reader's sheet name.
      const name = (ws as unknown as { name: string }).name;
      const rows: string[][] = [];
      let cells = 0;
      for await (const row of ws) {
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
    throw new ParseError('The spreadsheet could not be read; it may be damaged.');
  }
  return { title: workbookTitle(bytes) || fallbackTitle, blocks };
}

function overLimit(sheet: string, limit: string): ParseError {
  return new ParseError(
    `The spreadsheet is refused: sheet "${sheet}" has more than ${limit}; split it into smaller files.`,
  );
}

/** The document title in docProps/core.xml (the streaming reader does not read it); '' when none. */
function workbookTitle(bytes: Buffer): string {
  try {
    const entry = readZipDirectory(bytes, MAX_ZIP_ENTRIES).find((e) => e.name === 'docProps/core.xml');
    if (!entry || entry.uncompressedSize > CORE_XML_MAX) return '';
    const data = entryData(bytes, entry);
    const xml = (
      entry.method === 8 ? inflateRawSync(data, { maxOutputLength: CORE_XML_MAX }) : data
    ).toString('utf8');
    const title = /<dc:title>([^<]*)<\/dc:title>/.exec(xml)?.[1] ?? '';
    return decodeXmlText(title).trim();
  } catch {
    return '';
  }
}

const CORE_XML_MAX = 64 * 1024;

function decodeXmlText(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

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
