import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';

/**
 * `express.json`, without waiting on a body that is already here. The widget's requests are a few
 * hundred bytes that arrive in the packet of their headers, so by the time this runs the whole body
 * sits in the request's buffer; body-parser would still read it through stream events, a few turns
 * of the event loop (a quarter of a millisecond of the answer path on a quiet machine). Such a body
 * is taken from the buffer and parsed at once, by body-parser's rules for it: strict JSON (an object
 * or an array), UTF-8 with its byte-order mark dropped, `entity.parse.failed` (400) when it is not.
 * Everything else (another content type or charset, a Content-Encoding, chunked or empty bodies, a
 * body still arriving or over the limit) goes to `express.json` itself, with its errors and limits.
 */
export function jsonBody({ limit }: { limit: number }): RequestHandler {
  const parser = express.json({ limit });
  return (req, res, next) => {
    const take = () => {
      const read = readBufferedJson(req, limit);
      if (read === undefined) parser(req, res, next);
      else if ('error' in read) next(read.error);
      else {
        req.body = read.value;
        next();
      }
    };
    // Run straight from the request event (no middleware before it waited), the parser has not
    // pushed the body of the packet yet: it has once the code that read the packet returned.
    if (req.readableLength > 0) take();
    else queueMicrotask(take);
  };
}

/** A body-parser error, as the relay's error handler reads it (`type` and `status`). */
export interface ParseFailure extends SyntaxError {
  status: 400;
  statusCode: 400;
  expose: true;
  type: 'entity.parse.failed';
}

/**
 * The request's JSON body when all of it is buffered and nothing about it needs body-parser (see
 * jsonBody); undefined otherwise, with the request untouched. A body taken is consumed: the request
 * then ends as after any read.
 */
export function readBufferedJson(
  req: IncomingMessage,
  limit: number,
): { value: unknown } | { error: ParseFailure } | undefined {
  const { headers } = req;
  const length = Number(headers['content-length']);
  if (
    !(length > 0 && length <= limit) ||
    headers['transfer-encoding'] !== undefined ||
    !identityEncoding(headers['content-encoding']) ||
    !plainJsonType(headers['content-type']) ||
    req.readableFlowing !== null ||
    req.readableLength !== length
  ) {
    return undefined;
  }
  const buffer = req.read() as Buffer | null;
  if (buffer === null || buffer.length !== length) {
    // Cannot happen when readableLength said so; never lose what was read.
    if (buffer !== null) req.unshift(buffer);
    return undefined;
  }
  req.resume();
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = firstNonWhitespace(text);
  if (first !== '{' && first !== '[')
    return { error: parseFailure('Request body is not a JSON object or array') };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: parseFailure((error as Error).message) };
  }
}

/** JSON's own whitespace only (space, tab, line feed, carriage return), as body-parser's strict check. */
function firstNonWhitespace(text: string): string | undefined {
  for (const ch of text) if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') return ch;
  return undefined;
}

function identityEncoding(value: string | undefined): boolean {
  return value === undefined || value.trim().toLowerCase() === 'identity';
}

/** `application/json`, with no parameter but `charset=utf-8`. */
function plainJsonType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const [type, ...params] = value.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => p === '' || /^charset="?utf-8"?$/.test(p));
}

function parseFailure(message: string): ParseFailure {
  return Object.assign(new SyntaxError(message), {
    status: 400 as const,
    statusCode: 400 as const,
    expose: true as const,
    type: 'entity.parse.failed' as const,
  });
}
