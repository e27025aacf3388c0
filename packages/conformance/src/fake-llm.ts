import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmMode =
  | { kind: 'answer'; text: string }
  /** Streams `before` as content, then drops the connection (or, non-streaming, answers 500). */
  | { kind: 'fail-mid-stream'; before: string }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Calls one function tool. */
  | { kind: 'tool-call'; name: string; arguments: string };

export interface RecordedRequest {
  body: { model?: string; stream?: boolean; messages?: { role: string; content: unknown }[] } & Record<
    string,
    unknown
  >;
}

/**
 * An OpenAI-compatible language model on loopback for the rules that are only observable through
 * what the model receives or how it fails (stream failures, the conversation window, upstream errors).
 */
export async function startFakeLlm() {
  let mode: FakeLlmMode = { kind: 'answer', text: 'The fee is 435 dollars [Source 1].' };
  const requests: RecordedRequest[] = [];

  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: 'fake',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (!req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as RecordedRequest['body'];
    requests.push({ body });
    const m = mode;
    if (m.kind === 'status') {
      res.writeHead(m.status, { 'content-type': 'application/json', ...m.headers });
      res.end(
        JSON.stringify(
          m.body ?? {
            error: { message: 'fake upstream error', type: 'server_error', param: null, code: null },
          },
        ),
      );
      return;
    }
    // Like a real model, it calls a tool only when it was given tools.
    if (m.kind === 'tool-call' && Array.isArray(body.tools) && body.tools.length > 0) {
      const call = {
        id: 'call_fake_1',
        type: 'function',
        function: { name: m.name, arguments: m.arguments },
      };
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, ...call }] }));
        res.write(chunk({}, 'tool_calls'));
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'fake',
          choices: [
            {
              index: 0,
              finish_reason: 'tool_calls',
              message: { role: 'assistant', content: null, tool_calls: [call] },
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 },
        }),
      );
      return;
    }
    const text =
      m.kind === 'answer' ? m.text : m.kind === 'fail-mid-stream' ? m.before : 'No tool was offered.';
    if (body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const word of text.split(/(?<= )/)) res.write(chunk({ content: word }));
      if (m.kind === 'fail-mid-stream') {
        await new Promise((r) => setTimeout(r, 50));
        res.socket?.destroy();
        return;
      }
      res.write(chunk({}, 'stop'));
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [], usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
      return;
    }
    if (m.kind === 'fail-mid-stream') {
      res.socket?.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'fake',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text, refusal: null } },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 },
      }),
    );
  }

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(parts).toString('utf8')).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next: FakeLlmMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;
