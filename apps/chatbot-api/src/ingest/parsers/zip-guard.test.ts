import { describe, expect, it } from 'vitest';
import {
  makeDeflatedZip,
  makeDocxWith,
  makeXlsxWith,
  sheetRows,
} from '../../../test/fixtures/deflated-zip.js';
import { makeDocx, makeXlsx } from '../../../test/fixtures/make-files.js';
import { makeZip } from '../../../test/fixtures/zip.js';
import { checkZipDirectory, MAX_ZIP_ENTRIES, verifyUnzippedSizes } from './zip-guard.js';

const MiB = 1024 * 1024;

describe('checkZipDirectory', () => {
  it('accepts real Word and Excel files', async () => {
    expect(checkZipDirectory(makeDocx([{ heading: 1, text: 'Jury duty' }])).length).toBeGreaterThan(0);
    const xlsx = await makeXlsx({
      Fees: [
        ['Fee', 'Amount'],
        ['Filing', 75],
      ],
    });
    await verifyUnzippedSizes(xlsx, checkZipDirectory(xlsx));
  });

  it('refuses a 300 MB document.xml packed into a small DOCX (zip bomb)', () => {
    const bomb = makeDocxWith([{ zeros: 300 * MiB }]);
    expect(bomb.length).toBeLessThan(400 * 1024);
    expect(() => checkZipDirectory(bomb)).toThrow(/expand to more than 200 MB, as zip bombs do/);
  });

  it('refuses an entry packed more than 100:1 even under the size limit', () => {
    const bomb = makeXlsxWith([{ zeros: 20 * MiB }]);
    expect(() => checkZipDirectory(bomb)).toThrow(/expand more than 100 times, as zip bombs do/);
  });

  it('refuses an absurd number of entries', () => {
    const many = makeZip(
      Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => ({ name: `p${i}`, data: 'x' })),
    );
    expect(() => checkZipDirectory(many)).toThrow(/more than 10000 packed parts/);
  });

  it('reads sizes hidden behind 0xFFFFFFFF in a ZIP64 extra field', () => {
    const name = Buffer.from('word/document.xml');
    const data = Buffer.alloc(10);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(name.length, 26);
    const extra = Buffer.alloc(20);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(5_000_000_000n, 4); // uncompressed
    extra.writeBigUInt64LE(10n, 12); // compressed
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0xffffffff, 20);
    central.writeUInt32LE(0xffffffff, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    const cdOffset = local.length + name.length + data.length;
    const cd = Buffer.concat([central, name, extra]);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(cdOffset, 16);
    const zip = Buffer.concat([local, name, data, cd, end]);
    expect(() => checkZipDirectory(zip)).toThrow(/expand to more than 200 MB/);
  });

  it('refuses a file that is not a ZIP archive as damaged', () => {
    expect(() => checkZipDirectory(Buffer.from('PK not really'))).toThrow(/may be damaged/);
  });
});

describe('verifyUnzippedSizes', () => {
  it('refuses an entry that inflates past the size it declares (a bomb with a lying directory)', async () => {
    const liar = makeDocxWith([{ zeros: 30 * MiB }], { declaredSize: 4096 });
    const entries = checkZipDirectory(liar);
    await expect(verifyUnzippedSizes(liar, entries)).rejects.toThrow(/expand to more than they declare/);
  });

  it('refuses damaged deflate data', async () => {
    const zip = makeDeflatedZip([{ name: 'a.xml', pieces: [sheetRows([['a']])] }]);
    const entries = checkZipDirectory(zip);
    const broken = Buffer.from(zip);
    broken.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 4);
    await expect(verifyUnzippedSizes(broken, entries)).rejects.toThrow(/may be damaged/);
  });
});
