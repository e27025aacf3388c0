/**
 * The central directory of a ZIP archive (DOCX and XLSX are ZIP packages), read without inflating
 * anything: names, methods and the sizes each entry declares. ZIP64 records are understood, so a
 * size cannot hide behind 0xFFFFFFFF. Throws ZipFormatError for anything that is not a readable
 * single-disk archive.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused by the guard. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As declared; zip-guard checks what the data really inflates to. */
  uncompressedSize: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/** Entries of the central directory, in directory order; stops reading at `maxEntries + 1`. */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] {
  const eocd = findEndRecord(bytes);
  let count = bytes.readUInt16LE(eocd + 10);
  let size = bytes.readUInt32LE(eocd + 12);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== EOCD64_LOCATOR) throw bad();
    const at = safeNumber(bytes.readBigUInt64LE(locator + 8));
    if (at + 56 > bytes.length || bytes.readUInt32LE(at) !== EOCD64) throw bad();
    count = safeNumber(bytes.readBigUInt64LE(at + 32));
    size = safeNumber(bytes.readBigUInt64LE(at + 40));
    offset = safeNumber(bytes.readBigUInt64LE(at + 48));
  }
  if (offset + size > bytes.length) throw bad();
  const entries: ZipEntry[] = [];
  let p = offset;
  // The declared count is only a hint: an archive may lie about it, so the loop walks the records.
  while (p + 46 <= offset + size && entries.length <= maxEntries) {
    if (bytes.readUInt32LE(p) !== CENTRAL) throw bad();
    const flags = bytes.readUInt16LE(p + 8);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.length) throw bad();
    const entry: ZipEntry = {
      name: bytes.toString('utf8', p + 46, p + 46 + nameLength),
      method: bytes.readUInt16LE(p + 10),
      encrypted: (flags & 1) !== 0,
      compressedSize: bytes.readUInt32LE(p + 20),
      uncompressedSize: bytes.readUInt32LE(p + 24),
      localHeaderOffset: bytes.readUInt32LE(p + 42),
    };
    applyZip64(entry, bytes.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    entries.push(entry);
    p = end;
  }
  if (entries.length <= maxEntries && entries.length < Math.min(count, maxEntries)) throw bad();
  return entries;
}

/** The compressed bytes of one entry, located through its local header. */
export function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw bad();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw bad();
  return bytes.subarray(start, end);
}

function findEndRecord(bytes: Buffer): number {
  // The record is 22 bytes followed by a comment of at most 65535 bytes.
  const stop = Math.max(0, bytes.length - 22 - U16_MAX);
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === EOCD) return i;
  }
  throw bad();
}

/** ZIP64 extended information: 8-byte values for each 32-bit field that holds 0xFFFFFFFF, in order. */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const next = (): number => {
        if (q + 8 > p + 4 + length || q + 8 > extra.length) throw bad();
        const v = safeNumber(extra.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (entry.uncompressedSize === U32_MAX) entry.uncompressedSize = next();
      if (entry.compressedSize === U32_MAX) entry.compressedSize = next();
      if (entry.localHeaderOffset === U32_MAX) entry.localHeaderOffset = next();
      return;
    }
    p += 4 + length;
  }
}

function safeNumber(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw bad();
  return Number(v);
}

function bad(): ZipFormatError {
  return new ZipFormatError('not a readable ZIP archive');
}
