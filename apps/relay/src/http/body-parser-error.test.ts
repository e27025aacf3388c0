import { Readable } from 'node:stream';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { bodyParserFailure } from './body-parser-error.js';

/** The error express.json() hands to `next` for this body, from a real parser. */
async function parserError(body: string, limit = '1kb'): Promise<unknown> {
  const parse = express.json({ limit });
  const req = Object.assign(Readable.from([Buffer.from(body)]), {
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  return new Promise((resolve) => parse(req as never, {} as never, resolve));
}

describe('bodyParserFailure', () => {
  it('reads a body over the limit as too_large, 413', async () => {
    expect(bodyParserFailure(await parserError(`"${'x'.repeat(2000)}"`))).toEqual({
      kind: 'too_large',
      status: 413,
    });
  });

  it('reads unparseable JSON as invalid_json, 400', async () => {
    expect(bodyParserFailure(await parserError('{"a":'))).toEqual({ kind: 'invalid_json', status: 400 });
  });

  it('reads any other 4xx error as malformed, and anything else as not a parser failure', () => {
    expect(bodyParserFailure(Object.assign(new Error('x'), { status: 415 }))).toEqual({
      kind: 'malformed',
      status: 400,
    });
    expect(bodyParserFailure(new Error('boom'))).toBeUndefined();
    expect(bodyParserFailure(Object.assign(new Error('x'), { status: 502 }))).toBeUndefined();
    expect(bodyParserFailure(null)).toBeUndefined();
  });
});
