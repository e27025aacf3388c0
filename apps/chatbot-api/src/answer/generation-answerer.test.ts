import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokensUsedToday } from '../limits/usage.js';
import { writeFixtureSite } from '../test-support/fixture-site.js';
import { authHeaders, sseFrames, type Wire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

// A stand-in for a third-party OpenAI-compatible server: replies with whatever the test queues.
let reply: { status: number; body: unknown } = { status: 200, body: {} };
let received: Wire[] = [];
let fake: Server;
let api: TestChatbotApi;
let site: string;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      received.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  site = writeFixtureSite();
  api = await startTestChatbotApi({
    seedDir: site,
    generation: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test', model: 'tiny-model' },
  });
});
afterEach(() => {
  received = [];
});
afterAll(async () => {
  await api.close();
  await new Promise((resolve) => fake.close(resolve));
  rmSync(site, { recursive: true, force: true });
});

const modelSays = (content: string) => {
  reply = { status: 200, body: { choices: [{ index: 0, message: { role: 'assistant', content } }] } };
};

async function ask(stream = false) {
  const res = await fetch(`${api.url}/chat/completions`, {
    method: 'POST',
    headers: authHeaders(api.chatKey),
    body: JSON.stringify({ stream, messages: [{ role: 'user', content: 'How do I pay a traffic ticket?' }] }),
  });
  return { res, text: await res.text() };
}

describe('generation backend', () => {
  it('sends the passages numbered as sources and builds citations from the markers written', async () => {
    modelSays('Pay online or by mail. [Source 1] Also see the clerk. [Source 7]');
    const { res, text } = await ask();
    expect(res.status).toBe(200);
    const message = JSON.parse(text).choices[0].message;
    // A sentence citing a source the model was not given is dropped whole, not just its marker.
    expect(message.content).toBe('Pay online or by mail. [Source 1]');
    expect(message.citations.map((c: Wire) => c.source_index)).toEqual([1]);
    const sent = received[0];
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('tiny-model');
    expect(sent.body.messages[0].content).toContain('<source number="1" title="Pay a Traffic Ticket">');
    expect(message.citations[0].title).toBe('Pay a Traffic Ticket');
  });

  it('gives the model the passages of each question when a message asks several', async () => {
    modelSays('Pay online. [Source 1] Respond within 5 days. [Source 2]');
    const send = (content: string) =>
      fetch(`${api.url}/chat/completions`, {
        method: 'POST',
        headers: authHeaders(api.chatKey),
        body: JSON.stringify({ messages: [{ role: 'user', content }] }),
      });
    await send('How do I pay a traffic ticket?');
    expect(received[0].body.messages[0].content).not.toContain('title="Jury Duty"');
    const res = await send('How do I pay a traffic ticket? What if I got a jury summons?');
    expect(res.status).toBe(200);
    const prompt: string = received[1].body.messages[0].content;
    expect(prompt).toContain('<source number="1" title="Pay a Traffic Ticket">');
    expect(prompt).toContain('<source number="2" title="Jury Duty">');
    // The model is sent the visitor's message as written.
    expect(received[1].body.messages.at(-1).content).toBe(
      'How do I pay a traffic ticket? What if I got a jury summons?',
    );
  });

  it('maps an unavailable backend to 503 upstream_unavailable with Retry-After: 5', async () => {
    reply = { status: 502, body: { error: 'bad gateway' } };
    const { res, text } = await ask();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(text).error).toMatchObject({ code: 'upstream_unavailable', type: 'server_error' });
  });

  it('maps a rate-limited backend to 429 with Retry-After: 10', async () => {
    reply = { status: 429, body: {} };
    const { res } = await ask();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('10');
  });

  it('reports a failure after the stream started in-band, then [DONE], with nothing metered', async () => {
    reply = { status: 500, body: {} };
    const metered = () => tokensUsedToday(api.deps.db, api.accountId, new Date());
    const before = metered();
    const { res, text } = await ask(true);
    expect(res.status).toBe(200);
    const frames = sseFrames(text) as Wire[];
    expect(frames).toHaveLength(3);
    expect(frames[0].choices[0].delta.role).toBe('assistant');
    expect(frames[1].error).toMatchObject({ type: 'server_error', code: 'upstream_unavailable' });
    expect(frames[2]).toBe('[DONE]');
    expect(metered()).toBe(before);
  });

  it('stores no conversation turn when the backend fails, streamed or not', async () => {
    reply = { status: 503, body: {} };
    const conv = (await (
      await fetch(`${api.url}/conversations`, { method: 'POST', headers: authHeaders(api.chatKey) })
    ).json()) as Wire;
    const post = (stream: boolean) =>
      fetch(`${api.url}/conversations/${conv.id}/messages`, {
        method: 'POST',
        headers: authHeaders(api.chatKey),
        body: JSON.stringify({ content: 'How do I pay?', stream }),
      });
    const plain = await post(false);
    expect(plain.status).toBe(503);
    const streamed = await post(true);
    const frames = sseFrames(await streamed.text()) as Wire[];
    expect(frames).toEqual([{ error: expect.objectContaining({ code: 'upstream_unavailable' }) }, '[DONE]']);
    const read = (await (
      await fetch(`${api.url}/conversations/${conv.id}`, { headers: authHeaders(api.chatKey) })
    ).json()) as Wire;
    expect(read.messages).toEqual([]);
  });
});
