import type { IncomingMessage } from 'node:http';

export interface ReadBodyOptions {
  /** The most bytes a body may have. */
  limit: number;
  /** The app's own 413 (each contract words and shapes it differently). */
  tooLarge(limit: number): Error;
}

/**
 * Reads the whole body, counting bytes as they arrive so a chunked body is stopped at the cap instead
 * of being buffered whole; a Content-Length announcing more than the cap is refused before any byte is read.
 */
export function readBody(req: IncomingMessage, { limit, tooLarge }: ReadBodyOptions): Promise<Buffer> {
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
