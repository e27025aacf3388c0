import { parentPort } from 'node:worker_threads';
import { Pacer } from '../knowledge/pacer.js';
import { type Extension, ParseError, parseFile } from './parsers/index.js';
import { checkZipDirectory, verifyUnzippedSizes } from './parsers/zip-guard.js';

/**
 * Entry of the parse worker thread (see isolated-parse.ts): parses one file per message and answers
 * with the document or an error. A file that exhausts the worker's heap or time ends only this
 * thread; the API's process lives on.
 */

export interface ParseRequest {
  bytes: Uint8Array;
  ext: Extension;
  filename: string;
}

export type ParseReply =
  | { ok: true; document: Awaited<ReturnType<typeof parseFile>> }
  /** `message` is a ParseError's (safe to show); null for any other failure. */
  | { ok: false; message: string | null };

const port = parentPort;
if (port) {
  port.on('message', (request: ParseRequest) => {
    parse(request).then(
      (reply) => port.postMessage(reply),
      (err: unknown) =>
        port.postMessage({
          ok: false,
          message: err instanceof ParseError ? err.message : null,
        } satisfies ParseReply),
    );
  });
}

async function parse({ bytes, ext, filename }: ParseRequest): Promise<ParseReply> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ext === '.docx' || ext === '.xlsx') await verifyUnzippedSizes(buffer, checkZipDirectory(buffer));
  // Nothing else runs on this thread, so the parsers need not pause (terminate() stops it anyway).
  const document = await parseFile(buffer, ext, filename, new Pacer(Number.POSITIVE_INFINITY));
  return { ok: true, document };
}
