import type { IncomingMessage } from 'node:http';
import { readBody as readCappedBody } from '@amicus/server-kit';
import { HttpError } from './http-error.js';

export const BODY_LIMIT = 1_048_576;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is too large; the limit is ${limit} bytes.`);
}

/** Reads the whole body, refusing one over the cap with our 413 (announced, or counted as bytes arrive). */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  return readCappedBody(req, { limit, tooLarge });
}
