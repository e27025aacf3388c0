import { randomBytes } from 'node:crypto';

const CALLER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Echoes a well-formed caller value (contract rule 11); anything else gets a fresh id. */
export function resolveRequestId(header: string | string[] | undefined): string {
  if (typeof header === 'string' && CALLER_ID.test(header)) return header;
  return `req_${randomBytes(12).toString('hex')}`;
}
