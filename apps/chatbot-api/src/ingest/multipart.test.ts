import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/fixtures/multipart.js';
import { HttpError } from '../http/http-error.js';
import { readMultipart } from './multipart.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'amicus-mp-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A request-like stream that delivers the body in small pieces, as a chunked upload would. */
function request(body: Buffer, contentType: string): Readable & { headers: Record<string, string> } {
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.length; i += 4096) pieces.push(body.subarray(i, i + 4096));
  return Object.assign(Readable.from(pieces), { headers: { 'content-type': contentType } });
}

describe('readMultipart', () => {
  it('spools each file to disk with its size, hash and UTF-8 verdict', async () => {
    const { body, contentType } = multipartBody([
      { name: 'namespace', value: 'forms' },
      { name: 'file', filename: 'a.txt', data: 'héllo' },
      { name: 'other', filename: 'ignored.txt', data: 'not a file part we read' },
      { name: 'file', filename: 'b.bin', data: Buffer.from([0xff, 0x00]) },
    ]);
    const result = await readMultipart(request(body, contentType), dir);
    expect(result.fields.get('namespace')).toBe('forms');
    expect(result.tooManyFiles).toBe(false);
    expect(result.files.map((f) => [f.index, f.filename, f.bytes, f.utf8, f.hasNul])).toEqual([
      [0, 'a.txt', 6, true, false],
      [1, 'b.bin', 2, false, true],
    ]);
    expect(readFileSync(result.files[0]!.path, 'utf8')).toBe('héllo');
    expect(result.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('caps the whole body while reading (413) and leaves no file behind', async () => {
    const { body, contentType } = multipartBody([
      { name: 'file', filename: 'big.txt', data: Buffer.alloc(200_000, 0x61) },
    ]);
    const err = await readMultipart(request(body, contentType), dir, { maxBytes: 100_000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(413);
    expect((err as HttpError).code).toBe('request_too_large');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('rejects a body that is not valid multipart', async () => {
    const err = await readMultipart(request(Buffer.from('garbage'), 'multipart/form-data'), dir).catch(
      (e: unknown) => e,
    );
    expect((err as HttpError).status).toBe(400);
  });
});
