import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Mode =
  | 'ok'
  | '429'
  | '503'
  | 'slow'
  | 'inband'
  | 'hang'
  | 'paced'
  | 'flood'
  /** The done frame, then silence: no `[DONE]`, the response left open. */
  | 'done-then-silence'
  /** The done frame, then another delta (against the contract), the response left open. */
  | 'done-then-more'
  /** `state.frames` as they are (hostile shapes included), then `[DONE]`. */
  | 'scripted';

/** The `flood` mode's plan and what it has managed to send so far. */
export interface Flood {
  /** Plan: how many deltas, and each delta's text length (its index leads it, then `x` padding). */
  deltas: number;
  deltaChars: number;
  /** Progress: deltas and bytes handed to the socket, stalls (`write()` false), waiting for `drain`. */
  sent: number;
  bytes: number;
  stalls: number;
  waiting: boolean;
  finished: boolean;
}

/** The text of the flood's delta `i`, so a reader can check that nothing is lost or reordered. */
export const floodDelta = (i: number, chars: number) => `${i}:`.padEnd(chars, 'x');

/**
 * Fault injection only: a stand-in upstream that fails on demand in ways the real chatbot-api
 * cannot be made to (429/503/silence/an error frame mid-stream). Everything else is tested against
 * the real chatbot-api.
 */
export async function startStandIn() {
  const state = {
    mode: 'ok' as Mode,
    requests: 0,
    aborted: 0,
    lastRequestId: '',
    /** The connections answer streams arrived on (a kept-alive connection serves several). */
    streamSockets: new Set<unknown>(),
    /** The frames of the `scripted` mode, each sent as `data: <JSON>`. */
    frames: [] as unknown[],
    /** Bodies of `POST /v1/conversations` and `GET /v1/conversations/{id}`; defaults when undefined. */
    created: undefined as unknown,
    conversation: undefined as unknown,
    /** Sent as is in place of those bodies, when set: not JSON at all. */
    raw: undefined as string | undefined,
    /** Requests by method and path pattern, e.g. `GET /v1/conversations/:id`. */
    calls: new Map<string, number>(),
    flood: {
      deltas: 0,
      deltaChars: 0,
      sent: 0,
      bytes: 0,
      stalls: 0,
      waiting: false,
      finished: false,
    } as Flood,
  };
  const envelope = (res: ServerResponse, status: number, type: string, code: string, retryAfter: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'retry-after': retryAfter });
    res.end(JSON.stringify({ error: { message: 'no', type, param: null, code } }));
  };
  const frame = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const handle = (res: ServerResponse, cid: string) => {
    switch (state.mode) {
      case '429':
        return envelope(res, 429, 'rate_limit_error', 'rate_limit_exceeded', '1');
      case '503':
        return envelope(res, 503, 'server_error', 'upstream_unavailable', '5');
      case 'slow':
        return; // never answers
      case 'inband':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        frame(res, { conversation_id: cid, delta: { content: 'Partial ' } });
        frame(res, {
          error: { message: 'x', type: 'server_error', param: null, code: 'upstream_unavailable' },
        });
        res.end('data: [DONE]\n\n');
        return;
      case 'hang':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        frame(res, { conversation_id: cid, delta: { content: 'Thinking' } });
        return;
      case 'paced': {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let i = 0;
        const timer = setInterval(() => {
          if (i++ < 5) {
            frame(res, { conversation_id: cid, delta: { content: `w${i} ` } });
            return;
          }
          clearInterval(timer);
          frame(res, {
            conversation_id: cid,
            message: { role: 'assistant', content: 'w1 w2 w3 w4 w5 ', citations: [] },
            done: true,
          });
          res.end('data: [DONE]\n\n');
        }, 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'flood':
        return void flood(res, cid);
      case 'scripted':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const data of state.frames) frame(res, data);
        res.end('data: [DONE]\n\n');
        return;
      default:
        // A whole answer; the `done-then-*` modes stop after its done frame (and may add to it).
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        frame(res, { conversation_id: cid, delta: { content: 'Hi' } });
        frame(res, {
          conversation_id: cid,
          message: { role: 'assistant', content: 'Hi', citations: [] },
          done: true,
        });
        if (state.mode === 'done-then-more') frame(res, { conversation_id: cid, delta: { content: 'late' } });
        if (state.mode === 'done-then-silence' || state.mode === 'done-then-more') return;
        res.end('data: [DONE]\n\n');
    }
  };
  /** As fast as the socket takes it, and no faster: a well-behaved upstream waits for `drain`. */
  const flood = async (res: ServerResponse, cid: string) => {
    const f = state.flood;
    Object.assign(f, { sent: 0, bytes: 0, stalls: 0, waiting: false, finished: false });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = async (data: unknown) => {
      const text = `data: ${JSON.stringify(data)}\n\n`;
      f.bytes += Buffer.byteLength(text);
      if (res.write(text)) return;
      f.stalls++;
      f.waiting = true;
      await new Promise<void>((resolve) => {
        // Not `Promise.race` of two `once()`s: the loser's listeners would pile up on `res`.
        const go = () => {
          res.off('drain', go).off('close', go);
          resolve();
        };
        res.on('drain', go).on('close', go);
      });
      f.waiting = false;
    };
    for (let i = 0; i < f.deltas && !res.destroyed; i++) {
      await send({ conversation_id: cid, delta: { content: floodDelta(i, f.deltaChars) } });
      f.sent++;
    }
    if (res.destroyed) return;
    await send({
      conversation_id: cid,
      message: { role: 'assistant', content: `${f.deltas} deltas`, citations: [] },
      done: true,
    });
    res.end('data: [DONE]\n\n');
    f.finished = true;
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.requests++;
      state.lastRequestId = String(req.headers['x-request-id'] ?? '');
      res.on('close', () => {
        if (!res.writableFinished) state.aborted++;
      });
      if (req.url === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status":"ok"}');
        return;
      }
      const pattern = `${req.method} ${(req.url ?? '').replace(/[0-9a-f-]{36}/gi, ':id')}`;
      state.calls.set(pattern, (state.calls.get(pattern) ?? 0) + 1);
      if (req.method === 'POST' && req.url === '/v1/conversations') {
        res.writeHead(201, { 'content-type': 'application/json' });
        if (state.raw !== undefined) return void res.end(state.raw);
        res.end(
          JSON.stringify(
            state.created ?? {
              id: randomUUID(),
              object: 'conversation',
              model: null,
              metadata: {},
              created: 1,
              updated: 1,
            },
          ),
        );
        return;
      }
      const conversation = /^\/v1\/conversations\/([^/]+)$/.exec(req.url ?? '');
      if (conversation?.[1] && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (state.raw !== undefined) return void res.end(state.raw);
        res.end(
          JSON.stringify(
            state.conversation ?? {
              id: conversation[1],
              object: 'conversation',
              model: null,
              metadata: {},
              created: 1,
              updated: 1,
              messages: [],
            },
          ),
        );
        return;
      }
      if (conversation?.[1] && req.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      const match = /^\/v1\/conversations\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method === 'POST' && match?.[1]) {
        state.streamSockets.add(req.socket);
        return handle(res, match[1]);
      }
      envelope(res, 404, 'invalid_request_error', 'not_found', '0');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
