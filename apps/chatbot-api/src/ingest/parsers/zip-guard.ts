import { createInflateRaw } from 'node:zlib';
import { ParseError } from './parse-error.js';
import { entryData, readZipDirectory, type ZipEntry, ZipFormatError } from './zip-directory.js';

/*
 * Zip bombs. A 56 KB DOCX whose word/document.xml inflates to hundreds of MB once cost the parser
 * ~2.8 GB and took the whole API down (issue 10, item 1). A DOCX or XLSX is refused before any
 * parser sees it when its central directory declares more than these limits, and again, while the
 * parse worker inflates each entry, when the data turns out larger than it declared (the
 * parsers, mammoth and exceljs, trust the declared sizes and inflate whole entries into memory).
 */

/** Total unpacked size of all entries. A 25 MiB upload of real office text stays far below. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/**
 * Unpacked size over packed size, per entry and for the whole archive. Office XML compresses
 * about 5–20:1; 100:1 is only reached by padding (zeros, repeated runs), which is what bombs use.
 */
export const MAX_COMPRESSION_RATIO = 100;
/** Entries smaller than this are not held to the ratio: a tiny repetitive part is harmless. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;
/** A workbook of a few hundred sheets has about a thousand parts; beyond this is no office file. */
export const MAX_ZIP_ENTRIES = 10_000;

const MB = 1024 * 1024;

/**
 * Checks what an archive declares, without inflating: cheap enough for the API's event loop, so a
 * bomb fails before a parse worker is even started. Returns the entries for verifyUnzippedSizes.
 */
export function checkZipDirectory(bytes: Buffer): ZipEntry[] {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, MAX_ZIP_ENTRIES);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new ParseError('The file could not be read; it may be damaged.');
    throw err;
  }
  if (entries.length > MAX_ZIP_ENTRIES) {
    throw new ParseError(`The file is refused: it holds more than ${MAX_ZIP_ENTRIES} packed parts.`);
  }
  let total = 0;
  for (const e of entries) {
    if (e.encrypted) throw new ParseError('The file is refused: it is encrypted.');
    if (e.method !== 0 && e.method !== 8) {
      throw new ParseError('The file is refused: it uses a compression method office files do not use.');
    }
    if (e.method === 0 && e.uncompressedSize !== e.compressedSize) {
      throw new ParseError('The file could not be read; it may be damaged.');
    }
    total += e.uncompressedSize;
    if (total > MAX_UNZIPPED_BYTES) throw tooLarge();
    if (
      e.uncompressedSize > RATIO_FLOOR_BYTES &&
      e.uncompressedSize > e.compressedSize * MAX_COMPRESSION_RATIO
    )
      throw tooDense();
  }
  if (total > RATIO_FLOOR_BYTES && total > bytes.length * MAX_COMPRESSION_RATIO) throw tooDense();
  return entries;
}

/**
 * Inflates every entry once, keeping nothing, and stops as soon as an entry yields more than it
 * declared: after this the parser can trust the declared sizes, which checkZipDirectory bounded.
 * Runs in the parse worker (it costs one more pass of inflation, never more than the limit).
 */
export async function verifyUnzippedSizes(bytes: Buffer, entries: readonly ZipEntry[]): Promise<void> {
  for (const e of entries) {
    if (e.method !== 8) continue;
    let data: Buffer;
    try {
      data = entryData(bytes, e);
    } catch {
      throw new ParseError('The file could not be read; it may be damaged.');
    }
    const size = await inflatedSize(data, e.uncompressedSize);
    if (size > e.uncompressedSize) {
      throw new ParseError(
        'The file is refused: its packed parts expand to more than they declare, as zip bombs do.',
      );
    }
  }
}

/** Bytes `data` inflates to, counting no further than `limit + 1`. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => reject(new ParseError('The file could not be read; it may be damaged.')));
    inflate.end(data);
  });
}

function tooLarge(): ParseError {
  return new ParseError(
    `The file is refused: its packed parts would expand to more than ${MAX_UNZIPPED_BYTES / MB} MB, as zip bombs do.`,
  );
}

function tooDense(): ParseError {
  return new ParseError(
    `The file is refused: its packed parts expand more than ${MAX_COMPRESSION_RATIO} times, as zip bombs do.`,
  );
}
