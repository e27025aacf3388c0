import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Mode = 'ok' | '429' | '503' | 'slow' | 'inband' | 'hang' | 'paced';

/**
 * Fault injection only: a stand-in upstream that fails on demand in ways the real chatbot-api
 * cannot be made to (429/503/silence/an error frame mid-stream). Everything else is tested against
 * the real chatbot-api.
 */
export async function startStandIn() {
  const state = { mode: 'ok' as Mode, requests: 0, aborted: 0, lastRequestId: '' };
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
      default:
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        frame(res, { conversation_id: cid, delta: { content: 'Hi' } });
        frame(res, {
          conversation_id: cid,
          message: { role: 'assistant', content: 'Hi', citations: [] },
          done: true,
        });
        res.end('data: [DONE]\n\n');
    }
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
      if (req.method === 'POST' && req.url === '/v1/conversations') {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: randomUUID(),
            object: 'conversation',
            model: null,
            metadata: {},
            created: 1,
            updated: 1,
          }),
        );
        return;
      }
      const match = /^\/v1\/conversations\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method === 'POST' && match?.[1]) return handle(res, match[1]);
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
