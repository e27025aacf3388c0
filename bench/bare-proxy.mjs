// The floor for bench/relay-ttft.ts: the least any relay can cost. A plain node:http server that
// forwards each question to the upstream over a keep-alive agent and re-frames the event stream the
// way the relay does, with none of the relay's work (no security headers, origin check, token,
// limits, ownership, admission or logging). Never deploy this: it exists only to be measured.
// It speaks just enough of the relay's widget API for the benchmark; started like the relay (env
// PORT, UPSTREAM_BASE_URL, UPSTREAM_CHAT_KEY) and prints the same "listening on" line.
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';

const upstream = new URL(process.env.UPSTREAM_BASE_URL ?? '');
const agent = new Agent({ keepAlive: true });
const key = process.env.UPSTREAM_CHAT_KEY ?? '';
const MESSAGES = /^\/api\/conversations\/([0-9a-f-]{36})\/messages$/;

const server = createServer((req, res) => {
  const parts = [];
  req.on('data', (part) => parts.push(part));
  req.on('end', () => {
    if (req.url === '/api/sessions' || req.url === '/api/conversations') {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token: 'bare', id: randomUUID() }));
      return;
    }
    const id = MESSAGES.exec(req.url ?? '')?.[1];
    if (!id) {
      res.writeHead(404).end();
      return;
    }
    const { content } = JSON.parse(Buffer.concat(parts).toString('utf8'));
    const body = JSON.stringify({ content, stream: true });
    let finished = false;
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: `${upstream.pathname}/conversations/${id}/messages`,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (answer) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(`event: start\ndata: {"conversationId":"${id}"}\n\n`);
        let pending = '';
        answer.setEncoding('utf8');
        answer.on('data', (text) => {
          pending += text;
          for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
            const data = pending.slice(6, end); // after "data: "
            pending = pending.slice(end + 2);
            if (data === '[DONE]') continue;
            const frame = JSON.parse(data);
            res.write(
              frame.done
                ? `event: done\ndata: ${JSON.stringify({ message: frame.message })}\n\n`
                : `event: delta\ndata: ${JSON.stringify({ text: frame.delta.content })}\n\n`,
            );
          }
        });
        answer.on('end', () => {
          finished = true;
          res.end();
        });
        answer.on('error', () => res.destroy());
      },
    );
    forward.on('error', () => res.destroy());
    // A finished answer's socket goes back to the pool; the visitor leaving early aborts it.
    res.on('close', () => finished || forward.destroy());
    forward.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
