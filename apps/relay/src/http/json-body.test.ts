import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './http-error.js';
import { jsonBody, readBufferedJson } from './json-body.js';

const LIMIT = 256;

/** A server whose one route answers with the parsed body, behind `parse` and the relay's error handler. */
function app(parse: RequestHandler, taken?: { fast: number }) {
  const a = express();
  a.use((req, _res, next) => {
    // Peek whether the whole body is buffered where jsonBody reads it, consuming nothing.
    queueMicrotask(() => {
      if (taken && req.readableLength > 0 && req.readableLength === Number(req.headers['content-length']))
        taken.fast++;
      next();
    });
  });
  a.use(parse);
  a.post('/', (req, res) => {
    res.json({ body: req.body === undefined ? '(undefined)' : req.body });
  });
  a.use(errorHandler());
  return a;
}

const servers: Server[] = [];
async function listen(handler: express.Express): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

interface Sent {
  headers: Record<string, string>;
  body: Buffer;
  /** Send the body in a later packet, after the headers. */
  late?: boolean;
}

/** Status and body of one request written on a raw socket (so the packets are ours to choose). */
function send(port: number, { headers, body, late }: Sent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const head = [
      'POST / HTTP/1.1',
      'Host: 127.0.0.1',
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    let raw = '';
    socket.on('data', (c) => {
      raw += c.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
      resolve({ status, text: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
    });
    if (late) {
      socket.write(head);
      setTimeout(() => socket.write(body), 30);
    } else socket.write(Buffer.concat([Buffer.from(head), body]));
  });
}

const json = (text: string | Buffer, more: Record<string, string> = {}): Sent => {
  const body = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return {
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), ...more },
    body,
  };
};

const cases: [string, Sent][] = [
  ['an object', json('{"content":"How do I pay a ticket?"}')],
  ['an array', json('[1,2,3]')],
  ['leading whitespace', json(' \n\t{"a":1}')],
  ['a byte-order mark', json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"é"}')]))],
  ['charset=utf-8', json('{"a":1}', { 'Content-Type': 'application/json; charset=utf-8' })],
  ['charset="UTF-8"', json('{"a":1}', { 'Content-Type': 'Application/JSON; Charset="UTF-8"' })],
  ['invalid UTF-8', json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))],
  ['malformed JSON', json('{"content":')],
  ['a bare string (strict)', json('"hello"')],
  ['a bare number (strict)', json('42')],
  ['only whitespace', json('   ')],
  ['just over the limit', json(`{"a":"${'x'.repeat(LIMIT)}"}`)],
  ['exactly the limit', json(`{"a":"${'x'.repeat(LIMIT - 8)}"}`)],
  ['an empty body', json('')],
  ['charset=latin1', json('{"a":1}', { 'Content-Type': 'application/json; charset=latin1' })],
  ['charset=utf-16', json('{"a":1}', { 'Content-Type': 'application/json; charset=utf-16' })],
  ['another parameter', json('{"a":1}', { 'Content-Type': 'application/json; foo=bar' })],
  ['text/plain', json('{"a":1}', { 'Content-Type': 'text/plain' })],
  ['application/ld+json', json('{"a":1}', { 'Content-Type': 'application/ld+json' })],
  ['no content type', { headers: { 'Content-Length': '7' }, body: Buffer.from('{"a":1}') }],
  ['an unknown content encoding', json('{"a":1}', { 'Content-Encoding': 'x-unknown' })],
  ['identity encoding', json('{"a":1}', { 'Content-Encoding': 'identity' })],
  ['a body that comes after its headers', { ...json('{"a":"late"}'), late: true }],
  ['malformed JSON after its headers', { ...json('{"a":'), late: true }],
];

describe('jsonBody', () => {
  let reference = 0;
  let fast = 0;
  const taken = { fast: 0 };
  beforeAll(async () => {
    reference = await listen(app(express.json({ limit: LIMIT })));
    fast = await listen(app(jsonBody({ limit: LIMIT }), taken));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it.each(cases)('answers %s exactly as express.json does', async (_name, sent) => {
    const [want, got] = await Promise.all([send(reference, sent), send(fast, sent)]);
    expect(got).toEqual(want);
  });

  it('read the whole-packet bodies from the buffer, and kept the keep-alive connection usable', async () => {
    // Most cases above arrived whole; the fast path ran for them.
    expect(taken.fast).toBeGreaterThan(cases.length / 2);
    // Two requests on one kept-alive connection: the first body taken from the buffer must not
    // leave anything behind for the second.
    const agentPort = fast;
    const ask = (body: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request(
          {
            port: agentPort,
            host: '127.0.0.1',
            method: 'POST',
            path: '/',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await ask('{"n":1}')).toBe('{"body":{"n":1}}');
    expect(await ask('{"n":2}')).toBe('{"body":{"n":2}}');
  });

  it('leaves a body still arriving, or one it does not parse, untouched in the request', async () => {
    const { Readable } = await import('node:stream');
    const req = Object.assign(Readable.from([Buffer.from('{"a":1}')]), {
      headers: { 'content-type': 'text/plain', 'content-length': '7' },
    });
    expect(readBufferedJson(req as never, LIMIT)).toBeUndefined();
    const partial = Object.assign(new Readable({ read() {} }), {
      headers: { 'content-type': 'application/json', 'content-length': '20' },
    });
    partial.push(Buffer.from('{"a":'));
    expect(readBufferedJson(partial as never, LIMIT)).toBeUndefined();
    expect(partial.readableLength).toBe(5);
  });
});
