import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** One response, with the body kept both as text and (when it parses) as JSON. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <key>`; null or omitted sends no Authorization header. */
  key?: string | null;
  /** Serialised with JSON.stringify and sent with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body (sent as is, with whatever Content-Type `headers` gives). */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request with fetch; redirects are never followed so 307s stay observable. */
export async function call(url: string, method: string, opts: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined && opts.key !== null) headers.authorization = `Bearer ${opts.key}`;
  let body: string | Uint8Array | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, {
    method,
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: parseJson(text) };
}

/**
 * Writes bytes verbatim to the server and reads the response: fetch and node:http refuse to send a
 * malformed Content-Length or a body shorter than announced, which is exactly what some rules need.
 * The response is read until the server closes or the announced body has arrived.
 */
export function rawRequest(
  serverUrl: string,
  head: string,
  body: Uint8Array = new Uint8Array(),
  timeoutMs = 10_000,
) {
  const url = new URL(serverUrl);
  return new Promise<ApiResponse>((resolve, reject) => {
    const socket = connect(Number(url.port || 80), url.hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      const parsed = parseRawResponse(Buffer.concat(chunks));
      if (parsed) {
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(parsed);
      } else if (err) {
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        reject(err);
      }
    };
    const timer = setTimeout(
      () => finish(new Error(`no complete response within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('connect', () => {
      socket.write(head);
      if (body.length > 0) socket.write(body);
    });
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const parsed = parseRawResponse(Buffer.concat(chunks), false);
      if (parsed) finish();
    });
    // The server may answer early and reset the connection while we still write: keep what arrived.
    socket.on('error', (e) => finish(e));
    socket.on('close', () => finish(new Error('connection closed before a complete response')));
  });
}

/** Parses an HTTP/1.1 response; with `atEof` false, returns null until the whole body has arrived. */
function parseRawResponse(buf: Buffer, atEof = true): ApiResponse | null {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  const headers = new Headers();
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  let rest = buf.subarray(end + 4);
  const length = headers.get('content-length');
  if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') {
    const out: Buffer[] = [];
    for (;;) {
      const eol = rest.indexOf('\r\n');
      if (eol < 0) return atEof ? done(Buffer.concat(out)) : null;
      const size = Number.parseInt(rest.subarray(0, eol).toString('latin1'), 16);
      if (size === 0) return done(Buffer.concat(out));
      if (rest.length < eol + 2 + size + 2) return atEof ? done(Buffer.concat(out)) : null;
      out.push(rest.subarray(eol + 2, eol + 2 + size));
      rest = rest.subarray(eol + 2 + size + 2);
    }
  }
  if (length !== null) {
    if (rest.length < Number(length)) return atEof ? done(rest) : null;
    return done(rest.subarray(0, Number(length)));
  }
  if (status === 204 || status === 304) return done(Buffer.alloc(0));
  return atEof ? done(rest) : null;

  function done(bodyBuf: Buffer): ApiResponse {
    const text = bodyBuf.toString('utf8');
    return { status, headers, text, body: parseJson(text) };
  }
}

/**
 * Sends a body with `Transfer-Encoding: chunked` (no Content-Length), chunk by chunk, and returns the
 * response; the server may answer before the whole body is written.
 */
export function chunkedRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
) {
  return new Promise<ApiResponse>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { ...headers, 'transfer-encoding': 'chunked' } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          }
          resolve({ status: res.statusCode ?? 0, headers: h, text, body: parseJson(text) });
        });
        res.on('error', reject);
      },
    );
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    void (async () => {
      try {
        for await (const c of chunks) {
          if (answered || req.destroyed) break;
          if (!req.write(c)) await new Promise((r) => req.once('drain', r));
        }
        req.end();
      } catch {
        // The server closed the connection early (it answered 413): the response handler resolves.
      }
    })();
  });
}
