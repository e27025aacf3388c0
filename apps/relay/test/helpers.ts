import { request } from 'node:http';
import { Writable } from 'node:stream';
import { createParser } from 'eventsource-parser';

export const ORIGIN = 'http://localhost:8080';
export const OTHER_ORIGIN = 'https://other-court.example';

/**
 * JSON objects whose own keys shadow what JavaScript calls on a value it turns into text or copies
 * (`String({"toString": ""})` throws; `Object.assign` on `{"__proto__": …}` swaps a prototype): fuzz
 * suites try each in every field of a request.
 */
export const SHADOWING: readonly unknown[] = [
  { toString: '' },
  { valueOf: 1, toString: null },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: 'x', hasOwnProperty: 1 },
  { toJSON: 'x', length: 3 },
];

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a widget event stream to its end. */
export async function readEvents(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }),
  });
  const decoder = new TextDecoder();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(chunk, { stream: true }));
  }
  return events;
}

/** A pino destination that keeps every log line for assertions. */
export function captureLogs(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** A small widget-API client bound to one relay and one page origin. */
export function widgetApi(relayUrl: string, origin = ORIGIN) {
  const call = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin') && origin !== '') headers.set('origin', origin);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string' && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    return fetch(`${relayUrl}${path}`, { ...init, headers });
  };
  return {
    call,
    async session(): Promise<string> {
      const res = await call('/api/sessions', { method: 'POST' });
      if (res.status !== 201) throw new Error(`session: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
    async conversation(token: string): Promise<string> {
      const res = await call('/api/conversations', { method: 'POST', token });
      if (res.status !== 201) throw new Error(`conversation: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    },
    ask(token: string, id: string, content: string, signal?: AbortSignal) {
      return call(`/api/conversations/${id}/messages`, {
        method: 'POST',
        token,
        body: JSON.stringify({ content }),
        ...(signal ? { signal } : {}),
      });
    },
  };
}

/**
 * One request over node:http, for what fetch will not send: a forged `Host`, or `Sec-Fetch-Site`
 * (a header only browsers set).
 */
export function rawRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
