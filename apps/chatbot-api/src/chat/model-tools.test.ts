import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBot, updateBot } from '../accounts/bots.js';
import { authHeaders, sseFrames, type Wire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';
import { modelFields } from './model-fields.js';
import { toolCallDeltas } from './tool-call.js';

// A stand-in OpenAI-compatible model that answers with whatever message the test queues.
let message: Wire = { role: 'assistant', content: 'ok' };
let received: Wire[] = [];
let fake: Server;
let api: TestChatbotApi;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      received.push(JSON.parse(raw));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  api = await startTestChatbotApi({
    generation: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: null, model: 'tiny-model' },
  });
});
afterEach(() => {
  received = [];
});
afterAll(async () => {
  await api.close();
  await new Promise((resolve) => fake.close(resolve));
});

const lookup = {
  type: 'function',
  function: { name: 'lookup_case', description: 'Looks up a case', parameters: { type: 'object' } },
};
const messages = [{ role: 'user', content: 'What is the status of case 42?' }];
const modelCalls = (args: string) => {
  message = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_up_1', type: 'function', function: { name: 'lookup_case', arguments: args } }],
  };
};

async function complete(body: Record<string, unknown>) {
  const res = await fetch(`${api.url}/chat/completions`, {
    method: 'POST',
    headers: authHeaders(api.chatKey),
    body: JSON.stringify({ messages, ...body }),
  });
  return { status: res.status, text: await res.text() };
}

describe('chat completions with a language model', () => {
  it('forwards tools, tool_choice, stop and temperature to the model', async () => {
    message = { role: 'assistant', content: 'Case 42 is open.' };
    await complete({ tools: [lookup], tool_choice: 'required', stop: ['END'], temperature: 0.5, top_p: 0.9 });
    const sent = received[0];
    expect(sent.tools).toEqual([lookup]);
    expect(sent.tool_choice).toBe('required');
    expect(sent.stop).toEqual(['END']);
    expect(sent.temperature).toBe(0.5);
    // The contract: top_p is ignored when temperature is also set.
    expect(sent.top_p).toBeUndefined();
  });

  it('returns a model tool call with content null, citations null and finish_reason tool_calls', async () => {
    modelCalls('{"case":"42"}');
    const { status, text } = await complete({ tools: [lookup] });
    expect(status).toBe(200);
    const choice = JSON.parse(text).choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message).toMatchObject({ content: null, citations: null, refusal: null });
    expect(choice.message.tool_calls).toEqual([
      { id: 'call_up_1', type: 'function', function: { name: 'lookup_case', arguments: '{"case":"42"}' } },
    ]);
  });

  it('streams a model tool call as OpenAI tool-call deltas, then finish_reason tool_calls', async () => {
    const args = JSON.stringify({ case: '42', note: 'x'.repeat(40) });
    modelCalls(args);
    const frames = sseFrames((await complete({ tools: [lookup], stream: true })).text) as Wire[];
    expect(frames.at(-1)).toBe('[DONE]');
    const chunks = frames.slice(0, -1);
    const calls = chunks.flatMap((c) => c.choices[0].delta.tool_calls ?? []);
    expect(calls[0]).toEqual({
      index: 0,
      id: 'call_up_1',
      type: 'function',
      function: { name: 'lookup_case', arguments: '' },
    });
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.map((c: Wire) => c.function.arguments).join('')).toBe(args);
    const finish = chunks.filter((c) => c.choices[0].finish_reason !== null);
    expect(finish).toHaveLength(1);
    expect(finish[0].choices[0].finish_reason).toBe('tool_calls');
    expect(chunks.some((c) => c.choices[0].delta.citations !== undefined)).toBe(false);
  });

  it('replays earlier tool calls and their results to a model given tools', async () => {
    message = { role: 'assistant', content: 'Case 42 is open.' };
    const call = {
      id: 'call_7',
      type: 'function',
      function: { name: 'lookup_case', arguments: '{"case":"42"}' },
    };
    const history = [...messages, { role: 'assistant', content: null, tool_calls: [call] }];
    await complete({
      tools: [lookup],
      messages: [...history, { role: 'tool', tool_call_id: 'call_7', content: 'open' }],
    });
    expect(received[0].messages.slice(1)).toEqual([
      messages[0],
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: 'call_7', content: 'open' },
    ]);
    // Without tools the call cannot be shown, so the result arrives as text.
    await complete({ messages: [...history, { role: 'tool', tool_call_id: 'call_7', content: 'open' }] });
    expect(received[1].messages.slice(1)).toEqual([
      messages[0],
      { role: 'user', content: 'Tool result:\nopen' },
    ]);
  });

  it('checks the bot allowlist before the model is called', async () => {
    const botId = requireBot(api.deps.db, api.accountId, api.botSlug).id;
    updateBot(api.deps.db, botId, { toolAllowlist: ['other_tool'] });
    try {
      const { status, text } = await complete({ tools: [lookup], tool_choice: 'none' });
      expect(status).toBe(400);
      expect(JSON.parse(text).error).toMatchObject({ code: 'tool_not_allowed', param: 'tools[0]' });
      expect(received).toHaveLength(0);
    } finally {
      updateBot(api.deps.db, botId, { toolAllowlist: null });
    }
  });

  it('forwards response_format and keeps the JSON the model wrote', async () => {
    message = { role: 'assistant', content: '{"fee":435}' };
    const format = { type: 'json_schema', json_schema: { name: 'fee', schema: { type: 'object' } } };
    const { text } = await complete({ response_format: format });
    expect(received[0].response_format).toEqual(format);
    expect(JSON.parse(text).choices[0].message.content).toBe('{"fee":435}');
  });
});

describe('modelFields', () => {
  it('sends nothing the caller left out', () => {
    expect(
      modelFields({ tools: [], toolChoice: 'none', responseFormat: { type: 'text' }, stop: [] }),
    ).toEqual({});
  });

  it('writes a named tool_choice in wire form', () => {
    const tools = [{ name: 'f', description: null, parameters: null }];
    expect(
      modelFields({ tools, toolChoice: { name: 'f' }, responseFormat: { type: 'text' }, stop: [] }),
    ).toEqual({
      tools: [{ type: 'function', function: { name: 'f' } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
    });
  });
});

describe('toolCallDeltas', () => {
  it('cuts arguments at code points, never inside a surrogate pair', () => {
    const args = '\u{1F600}'.repeat(30);
    const deltas = toolCallDeltas([{ id: 'c', type: 'function', function: { name: 'f', arguments: args } }]);
    const pieces = deltas.slice(1).map((d) => (d as Wire).tool_calls[0].function.arguments as string);
    expect(pieces.join('')).toBe(args);
    for (const p of pieces) expect(p).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});
