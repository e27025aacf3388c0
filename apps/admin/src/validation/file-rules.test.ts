import { MAX_FILE_BYTES } from '@amicus/contract';
import { describe, expect, it } from 'vitest';
import { contentError } from './file-content.js';
import { checkFiles, fileError } from './file-rules.js';

const ok = (name: string, size = 10) => ({ name, size });

describe('fileError', () => {
  it('accepts every allowed extension, in any letter case', () => {
    for (const ext of ['csv', 'docx', 'eml', 'htm', 'html', 'md', 'pdf', 'txt', 'XLSX']) {
      expect(fileError(ok(`file.${ext}`))).toBeNull();
    }
  });

  it('names the rejected type and lists the allowed ones', () => {
    expect(fileError(ok('photo.jpg'))).toMatch(/"\.jpg".*\.csv \.docx/);
    expect(fileError(ok('README'))).toMatch(/no extension/);
  });

  it('accepts exactly 25 MiB and rejects one byte more', () => {
    expect(fileError(ok('a.pdf', MAX_FILE_BYTES))).toBeNull();
    expect(fileError(ok('a.pdf', MAX_FILE_BYTES + 1))).toMatch(/limit is 25 MiB/);
  });

  it('rejects empty files', () => {
    expect(fileError(ok('a.txt', 0))).toMatch(/empty/);
  });

  it('counts the file name length in UTF-8 bytes, not characters', () => {
    const name251 = `${'é'.repeat(125)}x.pdf`; // 250 + 1 + 4 bytes = 255
    expect(fileError(ok(name251))).toBeNull();
    expect(fileError(ok(`é${name251}`))).toMatch(/longer than 255 bytes/);
  });

  it('rejects slashes, backslashes and control or invisible characters', () => {
    expect(fileError(ok('a/b.pdf'))).toMatch(/"\/"/);
    expect(fileError(ok('a\\b.pdf'))).toMatch(/"\/"/);
    expect(fileError(ok('a\u0007b.pdf'))).toMatch(/control/);
    expect(fileError(ok('a\u200bb.pdf'))).toMatch(/invisible/);
  });
});

describe('checkFiles', () => {
  it('keeps the first 20 valid files and gives every extra one a reason', () => {
    const files = Array.from({ length: 22 }, (_, i) => ok(`f${i}.txt`));
    const verdicts = checkFiles([ok('bad.exe'), ...files]);
    expect(verdicts[0]?.reason).toMatch(/cannot be added/);
    expect(verdicts.filter((v) => v.reason === null)).toHaveLength(20);
    expect(verdicts[21]?.reason).toMatch(/At most 20 files/);
    expect(verdicts[22]?.reason).toMatch(/At most 20 files/);
  });
});

describe('contentError', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('rejects a .pdf that does not start with the PDF signature', () => {
    expect(contentError('a.pdf', bytes('hello'))).toMatch(/not a PDF/);
    expect(contentError('a.pdf', bytes('%PDF-1.4\n'))).toBeNull();
  });

  it('rejects .docx and .xlsx files that are not zip packages', () => {
    expect(contentError('a.docx', bytes('text'))).toMatch(/Word/);
    expect(contentError('a.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBeNull();
  });

  it('rejects text files that are not UTF-8', () => {
    expect(contentError('a.txt', new Uint8Array([0x66, 0xe9, 0x65]))).toMatch(/UTF-8/);
    expect(contentError('a.csv', bytes('a,é\n'))).toBeNull();
  });
});
