import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { entryData, readZipDirectory, type ZipEntry } from './zip-directory.js';
import { MAX_ZIP_ENTRIES } from './zip-guard.js';

/*
 * An .xlsx package read through its central directory. exceljs's streaming WorkbookReader unzips in
 * one forward pass and needs workbook.xml, its relationships, the shared strings and the styles
 * before the first sheet; the format fixes no order, exceljs's own writer stores workbook.xml last,
 * and that pass does not reliably deliver it in time (exceljs issue #3064): a sheet met first threw
 * "Cannot read properties of undefined (reading 'sheets')", or was read without styles (dates as
 * numbers). The whole file is in memory already, so each part is found by name and read when it
 * is needed: the workbook's parts first, then each worksheet, inflated and handed to exceljs's
 * worksheet reader a chunk at a time, so rows still arrive one by one.
 */

/** One worksheet, in workbook order: its name and exceljs's row-by-row reader. */
export interface XlsxWorksheet {
  name: string;
  rows: AsyncIterable<ExcelJS.Row>;
}

/** A package part that is missing, or larger than it declares. */
export class XlsxPackageError extends Error {
  override readonly name = 'XlsxPackageError';
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const CORE_PROPERTIES = 'docProps/core.xml';
const CORE_XML_MAX = 64 * 1024;
/** Bytes of a stored part decoded at a time, so exceljs's SAX batches stay small. */
const STORED_SLICE = 64 * 1024;

const READER_OPTIONS = {
  worksheets: 'emit',
  sharedStrings: 'cache',
  // Styles tell dates from numbers.
  styles: 'cache',
  hyperlinks: 'ignore',
  entries: 'ignore',
} as const;

/**
 * The parts of exceljs's WorkbookReader that parse one part each. They are not in its typings;
 * exceljs is pinned by the lockfile, and `internals` checks they are still there.
 */
interface ReaderInternals {
  workbookRels?: { Id: string; Type: string; Target: string }[];
  model?: { sheets?: { id: number; name: string; rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    chunks: AsyncIterable<string>,
    sheetNo: number,
  ): Iterable<{ value: ExcelJS.stream.xlsx.WorksheetReader & { name: string } }>;
}

export class XlsxPackage {
  private constructor(
    private readonly bytes: Buffer,
    private readonly parts: ReadonlyMap<string, ZipEntry>,
  ) {}

  /** Throws ZipFormatError when `bytes` is not a readable archive. */
  static open(bytes: Buffer): XlsxPackage {
    const entries = readZipDirectory(bytes, MAX_ZIP_ENTRIES);
    return new XlsxPackage(bytes, new Map(entries.map((e) => [e.name, e])));
  }

  /** The worksheets in the order the workbook lists them; chartsheets, which hold no cells, are skipped. */
  async *worksheets(): AsyncGenerator<XlsxWorksheet> {
    const reader = internals(new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), READER_OPTIONS));
    await reader._parseRels(this.stream(this.required(WORKBOOK_RELS)));
    await reader._parseWorkbook(this.stream(this.required(WORKBOOK)));
    const strings = this.parts.get(SHARED_STRINGS);
    // In 'cache' mode this yields nothing; it fills the reader's shared-string table.
    if (strings) for await (const _ of reader._parseSharedStrings(this.stream(strings)));
    const styles = this.parts.get(STYLES);
    if (styles) await reader._parseStyles(this.stream(styles));

    for (const sheet of reader.model?.sheets ?? []) {
      const rel = reader.workbookRels?.find((r) => r.Id === sheet.rId);
      if (!rel) throw new XlsxPackageError(`sheet "${sheet.name}" has no relationship`);
      if (!rel.Type.endsWith('/worksheet')) continue;
      const part = this.required(resolveTarget(rel.Target));
      for (const { value } of reader._parseWorksheet(this.text(part), sheet.id)) {
        // exceljs names a sheet only when its part is called worksheets/sheetN.xml.
        value.name = sheet.name;
        yield { name: sheet.name, rows: value };
      }
    }
  }

  /** The document title in docProps/core.xml; '' when none. */
  title(): string {
    const entry = this.parts.get(CORE_PROPERTIES);
    if (!entry || entry.uncompressedSize > CORE_XML_MAX) return '';
    try {
      const data = entryData(this.bytes, entry);
      const xml = (
        entry.method === 8 ? inflateRawSync(data, { maxOutputLength: CORE_XML_MAX }) : data
      ).toString('utf8');
      const title = /<dc:title>([^<]*)<\/dc:title>/.exec(xml)?.[1] ?? '';
      return decodeXmlText(title).trim();
    } catch {
      // A title is a nicety: the sheets are what the upload is for.
      return '';
    }
  }

  private required(name: string): ZipEntry {
    const entry = this.parts.get(name);
    if (!entry) throw new XlsxPackageError(`the package has no ${name}`);
    return entry;
  }

  /** exceljs reads the workbook's own parts from event-emitting streams. */
  private stream(entry: ZipEntry): Readable {
    return Readable.from(this.text(entry));
  }

  /**
   * A part as text, chunk by chunk. Decoded here, not by exceljs: it decodes each chunk on its own,
   * so a character split between two chunks became U+FFFD. Stops when the part inflates to more
   * than it declares (the parse worker checks that first; this holds for any other caller).
   */
  private async *text(entry: ZipEntry): AsyncGenerator<string> {
    const data = entryData(this.bytes, entry);
    const decoder = new TextDecoder('utf-8');
    if (entry.method === 0) {
      for (let i = 0; i < data.length; i += STORED_SLICE) {
        const text = decoder.decode(data.subarray(i, i + STORED_SLICE), { stream: true });
        if (text) yield text;
      }
    } else if (entry.method === 8) {
      const inflate = createInflateRaw();
      inflate.end(data);
      let size = 0;
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > entry.uncompressedSize) {
          throw new XlsxPackageError(`${entry.name} inflates to more than it declares`);
        }
        const text = decoder.decode(chunk, { stream: true });
        if (text) yield text;
      }
    } else {
      throw new XlsxPackageError(`${entry.name} uses compression method ${entry.method}`);
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
}

function internals(reader: ExcelJS.stream.xlsx.WorkbookReader): ReaderInternals {
  const r = reader as unknown as Record<string, unknown>;
  for (const method of [
    '_parseRels',
    '_parseWorkbook',
    '_parseSharedStrings',
    '_parseStyles',
    '_parseWorksheet',
  ]) {
    if (typeof r[method] !== 'function') throw new Error(`exceljs's WorkbookReader has no ${method}`);
  }
  return reader as unknown as ReaderInternals;
}

/** A workbook relationship's target as a part name: relative to xl/, or absolute from the root. */
function resolveTarget(target: string): string {
  return target.startsWith('/') ? posix.normalize(target).slice(1) : posix.join('xl', target);
}

function decodeXmlText(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
