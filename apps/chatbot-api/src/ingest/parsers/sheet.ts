import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Block, ParsedDocument } from '../../knowledge/chunking.js';
import { ParseError } from './parse-error.js';

/** CSV: the first record is the header, repeated at the top of every row-group chunk. */
export function parseCsv(text: string, fallbackTitle: string): ParsedDocument {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch {
    throw new ParseError('The CSV file could not be parsed.');
  }
  return { title: fallbackTitle, blocks: tableBlocks(records, []) };
}

/** XLSX: one table per worksheet, the sheet name as heading, the first non-empty row as header. */
export async function parseXlsx(bytes: Buffer, fallbackTitle: string): Promise<ParsedDocument> {
  const wb = new ExcelJS.Workbook();
  try {
    // exceljs's typing predates Buffer generics in @types/node 20.
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ParseError('The spreadsheet could not be read; it may be damaged.');
  }
  const blocks: Block[] = [];
  wb.eachSheet((ws) => {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let i = 1; i <= ws.columnCount; i++) cells.push(row.getCell(i).text.replace(/\s+/g, ' ').trim());
      rows.push(cells);
    });
    blocks.push(...tableBlocks(rows, [ws.name]));
  });
  const title = typeof wb.title === 'string' && wb.title ? wb.title : fallbackTitle;
  return { title, blocks };
}

function tableBlocks(records: string[][], headings: string[]): Block[] {
  const rows = records
    .map((r) => trimEnd(r.map((c) => String(c).trim())))
    .filter((r) => r.some((c) => c.length > 0));
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
