import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ChatbotClient } from '@amicus/chatbot-client';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentLinkLookup } from './citations.js';
import { SseWriter } from './sse-writer.js';
import { proxyConversationStream, unansweredOf } from './stream-proxy.js';

const KEY = `svc_sk_${'p'.repeat(59)}`;
const frame = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const delta = frame({ delta: { content: 'Hello' } });
const finish = `${frame({ done: true, message: { role: 'assistant', content: 'Hello', citations: [] } })}data: [DONE]\n\n`;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A relay reduced to the answer's proxy, whose visitor socket records each write the kernel gets
 * (one entry per `_write`/`_writev`), so packets are seen as the relay made them, not as TCP merged them.
 */
async function relayTo(
  upstreamUrl: string,
  writes: string[],
  links?: Promise<DocumentLinkLookup>,
): Promise<string> {
  const chat = new ChatbotClient({ baseUrl: upstreamUrl, apiKey: KEY, maxRetries: 0 });
  const app = express();
  app.post('/answer', async (_req, res) => {
    recordWrites(res.socket as Socket, writes);
    const writer = new SseWriter(res);
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    await proxyConversationStream({
      upstream: await chat.streamMessage('c', 'q'),
      writer,
      heartbeatMs: 60_000,
      conversationId: 'c',
      maxLifetimeMs: 10_000,
      visitorGone: gone.signal,
      links,
    });
    writer.end();
  });
  return listen(createServer(app));
}

function recordWrites(socket: Socket, writes: string[]): void {
  const raw = socket as unknown as {
    _write(chunk: Buffer | string, encoding: BufferEncoding, cb: () => void): void;
    _writev(chunks: { chunk: Buffer | string }[], cb: () => void): void;
  };
  const write = raw._write.bind(socket);
  const writev = raw._writev.bind(socket);
  raw._write = (chunk, encoding, cb) => {
    writes.push(String(chunk));
    write(chunk, encoding, cb);
  };
  raw._writev = (chunks, cb) => {
    writes.push(chunks.map((c) => String(c.chunk)).join(''));
    writev(chunks, cb);
  };
}

async function readAll(url: string): Promise<string> {
  const res = await fetch(`${url}/answer`, { method: 'POST' });
  return res.text();
}

describe('proxyConversationStream', () => {
  it('sends headers, start and a first delta that came with the upstream headers in one write', async () => {
    const upstreamUrl = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        // The headers and the first delta leave the upstream in one packet, as a model's do.
        res.write(delta);
        setTimeout(() => res.end(finish), 30);
      }),
    );
    const writes: string[] = [];
    const body = await readAll(await relayTo(upstreamUrl, writes));
    expect(body).toContain('event: done');
    expect(writes[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(writes[0]).toContain('event: start');
    expect(writes[0]).toContain('event: delta');
  });

  it('sends headers and start at once when the first delta has not come yet', async () => {
    let upstreamRes: ServerResponse | undefined;
    const upstreamUrl = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        upstreamRes = res;
      }),
    );
    const writes: string[] = [];
    const relayUrl = await relayTo(upstreamUrl, writes);
    const res = await fetch(`${relayUrl}/answer`, { method: 'POST' });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    // The upstream sends nothing more until the visitor has `start`: a relay that held `start`
    // back for the first delta would never get here (the test times out).
    while (!seen.includes('event: start')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).toContain('event: start');
    expect(seen).not.toContain('event: delta');
    (upstreamRes as ServerResponse).end(delta + finish);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).toContain('event: delta');
    expect(seen).toContain('event: done');
    expect(writes[0]).toContain('event: start');
    expect(writes[0]).not.toContain('event: delta');
  });

  it('streams the deltas before the document links are read; the done frame waits for them', async () => {
    let upstreamRes: ServerResponse | undefined;
    const upstreamUrl = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(delta);
        upstreamRes = res;
      }),
    );
    let linksRead: (links: DocumentLinkLookup) => void = () => undefined;
    const links = new Promise<DocumentLinkLookup>((resolve) => {
      linksRead = resolve;
    });
    const relayUrl = await relayTo(upstreamUrl, [], links);
    const res = await fetch(`${relayUrl}/answer`, { method: 'POST' });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    // The links are still unread: a relay that waited for them before the deltas never gets here.
    while (!seen.includes('event: delta')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).toContain('event: delta');
    const cite = frame({
      done: true,
      message: {
        role: 'assistant',
        content: 'Hello',
        citations: [
          { source_index: 1, document_id: 'doc-1', source_filename: 'fees.pdf', text_preview: 'x' },
        ],
      },
    });
    (upstreamRes as ServerResponse).end(`${cite}data: [DONE]\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).not.toContain('event: done');
    linksRead(new Map([['doc-1', { url: 'https://court.example/fees', title: 'Court fees' }]]));
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).toContain('event: done');
    expect(seen).toContain('https://court.example/fees');
  });
});

describe('unansweredOf', () => {
  it("reads the questions the chatbot-api found nothing for; the upstream's other shapes give none", () => {
    expect(unansweredOf({ content: 'x', amicus_unanswered: ['Where do I park?'] })).toEqual([
      'Where do I park?',
    ]);
    expect(unansweredOf({ content: 'x' })).toEqual([]);
    expect(unansweredOf(null)).toEqual([]);
    expect(unansweredOf({ amicus_unanswered: 'Where do I park?' })).toEqual([]);
    expect(unansweredOf({ amicus_unanswered: [1, '', '  ', null, 'Why?'] })).toEqual(['Why?']);
    // Bounded: three questions at most, each cut at 2,000 characters.
    const many = unansweredOf({ amicus_unanswered: ['a', 'b', 'c', 'd', 'x'.repeat(5_000)] });
    expect(many).toEqual(['a', 'b', 'c']);
    expect(unansweredOf({ amicus_unanswered: ['x'.repeat(5_000)] })[0]).toHaveLength(2_000);
  });
});
