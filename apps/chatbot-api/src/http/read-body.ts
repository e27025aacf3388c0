import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

export const JSON_BODY_LIMIT = 5_242_880;
export const MULTIPART_BODY_LIMIT = 525_336_576;

export function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is too large; the limit is ${limit} bytes.`, {
    code: 'request_too_large',
  });
}

/**
 * Reads the whole body, counting bytes as they arrive so a chunked body is stopped at the cap instead
 * of being buffered whole. The caller has already rejected an announced Content-Length over the cap.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      fn();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish(() => reject(tooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => finish(() => resolve(Buffer.concat(chunks))));
    req.on('error', (err) => finish(() => reject(err)));
    req.on('aborted', () => finish(() => reject(new Error('request aborted'))));
  });
}
