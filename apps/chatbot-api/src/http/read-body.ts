import type { IncomingMessage } from 'node:http';
import { readBody as readCappedBody } from '@amicus/server-kit';
import { HttpError } from './http-error.js';

export const JSON_BODY_LIMIT = 5_242_880;
export const MULTIPART_BODY_LIMIT = 525_336_576;

export function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is too large; the limit is ${limit} bytes.`, {
    code: 'request_too_large',
  });
}

/**
 * Reads the whole body, stopping a chunked body at the cap instead of buffering it whole. The pipeline
 * has already rejected an announced Content-Length over the cap (it decides before routing, rule 7).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return readCappedBody(req, { limit, tooLarge });
}
