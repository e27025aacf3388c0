import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

export const BODY_LIMIT = 1_048_576;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is too large; the limit is ${limit} bytes.`);
}

/** Reads the whole body, stopping at the cap while bytes arrive (a chunked body is never buffered whole). */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  const announced = req.headers['content-length'];
  if (announced !== undefined && Number(announced) > limit) return Promise.reject(tooLarge(limit));
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
