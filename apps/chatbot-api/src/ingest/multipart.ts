import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, MAX_MULTIPART_BODY_BYTES } from '@amicus/contract';
import busboy from 'busboy';
import { HttpError } from '../http/http-error.js';

/** file-type's recommended sample size for signature detection. */
const HEAD_BYTES = 4100;

/** One uploaded file, written to disk while it arrived (the body is never held in memory). */
export interface SpooledFile {
  /** Position among the `file` parts: the `i` of `file[i]`. */
  index: number;
  filename: string;
  path: string;
  bytes: number;
  /** busboy cut the file at MAX_FILE_BYTES. */
  oversize: boolean;
  sha256: string;
  /** Whether the bytes are valid UTF-8 (checked incrementally while spooling). */
  utf8: boolean;
  /** Whether a NUL byte occurred (no text format we accept contains one). */
  hasNul: boolean;
  /** The first bytes, for cheap sniffing of text formats. */
  head: Buffer;
}

export interface MultipartResult {
  files: SpooledFile[];
  fields: Map<string, string>;
  /** More than MAX_FILES_PER_UPLOAD `file` parts were sent (the extra ones were not stored). */
  tooManyFiles: boolean;
}

/**
 * Streams a multipart body: each `file` part goes straight to a temporary file under `dir`, hashed,
 * counted and UTF-8-checked on the way. The whole body is capped at MAX_MULTIPART_BODY_BYTES while read
 * (413); a file over MAX_FILE_BYTES is truncated by busboy and flagged. On any failure every temp
 * file is removed before the error propagates.
 */
export async function readMultipart(
  req: Readable & { headers: Record<string, string | string[] | undefined> },
  dir: string,
  { maxBytes = MAX_MULTIPART_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<MultipartResult> {
  await mkdir(dir, { recursive: true });
  const files: SpooledFile[] = [];
  const fields = new Map<string, string>();
  let tooManyFiles = false;
  let fileParts = 0;
  const writes: Promise<void>[] = [];

  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers as busboy.BusboyConfig['headers'],
      preservePath: true, // the filename rules reject `/` and `\`, so busboy must not strip them
      defParamCharset: 'utf8',
      limits: {
        fileSize: MAX_FILE_BYTES + 1,
        files: MAX_FILES_PER_UPLOAD + 1,
        fields: 100,
        fieldSize: 64 * 1024,
        parts: 200,
      },
    });
  } catch {
    throw new HttpError(400, 'The request body must be multipart/form-data with a boundary.', {
      param: null,
    });
  }

  const done = new Promise<void>((resolve, reject) => {
    bb.on('file', (name, stream, info) => {
      if (name !== 'file') {
        discard(stream);
        return;
      }
      const index = fileParts++;
      if (index >= MAX_FILES_PER_UPLOAD) {
        tooManyFiles = true;
        discard(stream);
        return;
      }
      const path = join(dir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      const decoder = new TextDecoder('utf-8', { fatal: true });
      const file: SpooledFile = {
        index,
        filename: info.filename ?? '',
        path,
        bytes: 0,
        oversize: false,
        sha256: '',
        utf8: true,
        hasNul: false,
        head: Buffer.alloc(0),
      };
      files.push(file);
      stream.on('data', (chunk: Buffer) => {
        file.bytes += chunk.length;
        hash.update(chunk);
        if (file.head.length < HEAD_BYTES)
          file.head = Buffer.concat([file.head, chunk.subarray(0, HEAD_BYTES - file.head.length)]);
        if (!file.hasNul && chunk.includes(0)) file.hasNul = true;
        if (file.utf8) {
          try {
            decoder.decode(chunk, { stream: true });
          } catch {
            file.utf8 = false;
          }
        }
      });
      stream.on('limit', () => {
        file.oversize = true;
      });
      writes.push(
        pipeline(stream, createWriteStream(path)).then(() => {
          file.sha256 = hash.digest('hex');
          if (file.utf8) {
            try {
              decoder.decode();
            } catch {
              file.utf8 = false; // the file ended inside a multi-byte sequence
            }
          }
        }),
      );
    });
    bb.on('field', (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    bb.on('filesLimit', () => {
      tooManyFiles = true;
    });
    bb.on('error', reject);
    bb.on('close', resolve);
  });

  let received = 0;
  let overCap = false;
  const counter = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes && !overCap) {
      overCap = true;
      req.unpipe(bb);
      bb.destroy(
        new HttpError(413, `The multipart body exceeds the limit of ${maxBytes} bytes.`, {
          code: 'request_too_large',
        }),
      );
      req.off('data', counter);
      req.resume(); // drain the rest so the 413 can still be written on this connection
    }
  };
  req.on('data', counter);
  // A client that goes away mid-upload would leave busboy waiting forever: fail the parse, which
  // also ends the file streams, so the temp files are removed below.
  const abort = () => bb.destroy(new Error('request aborted'));
  req.once('aborted', abort);
  req.once('error', abort);
  req.pipe(bb);

  try {
    await done;
    await Promise.all(writes);
  } catch (err) {
    await Promise.allSettled(writes);
    await removeSpooled(files);
    if (err instanceof HttpError) throw err;
    if (overCap)
      throw new HttpError(413, `The multipart body exceeds the limit of ${maxBytes} bytes.`, {
        code: 'request_too_large',
      });
    throw new HttpError(400, 'The multipart body is malformed.', { param: null });
  }
  req.off('aborted', abort);
  req.off('error', abort);
  return { files, fields, tooManyFiles };
}

export async function removeSpooled(files: readonly SpooledFile[]): Promise<void> {
  await Promise.allSettled(files.map((f) => rm(f.path, { force: true })));
}

/**
 * Drains a part we do not keep. A body cut off inside such a part makes busboy emit an error on the part
 * stream too; busboy's own 'error' already rejects the parse, so this one is only swallowed — unheard, it
 * would escape as an uncaught exception and take the process down.
 */
function discard(stream: Readable): void {
  stream.on('error', () => {});
  stream.resume();
}
