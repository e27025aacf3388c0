import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../accounts/accounts.js';
import { addAlias, createBot, updateBot } from '../accounts/bots.js';
import { writeFixtureSite } from '../test-support/fixture-site.js';
import { authHeaders, sseFrames, type Wire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

let api: TestChatbotApi;
let site: string;
beforeAll(async () => {
  site = writeFixtureSite();
  api = await startTestChatbotApi({ seedDir: site, seedBaseUrl: 'http://court.test' });
});
afterAll(async () => {
  await api.close();
  rmSync(site, { recursive: true, force: true });
});

async function complete(body: Record<string, unknown>) {
  const res = await fetch(`${api.url}/chat/completions`, {
    method: 'POST',
    headers: authHeaders(api.chatKey),
    body: JSON.stringify(body),
  });
  return { res, json: (await res.json()) as Wire };
}

const ask = (content: string, extra: Record<string, unknown> = {}) =>
  complete({ messages: [{ role: 'user', content }], ...extra });

describe('POST /v1/chat/completions (non-streaming)', () => {
  it('answers with cited sentences whose markers match citations', async () => {
    const { res, json } = await ask('How do I pay a traffic ticket?');
    expect(res.status).toBe(200);
    expect(json.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
    expect(json.object).toBe('chat.completion');
    expect(json.model).toBe(api.botSlug);
    const choice = json.choices[0];
    expect(choice.finish_reason).toBe('stop');
    expect(Object.keys(choice.message).sort()).toEqual([
      'citations',
      'content',
      'refusal',
      'role',
      'tool_calls',
    ]);
    expect(choice.message).toMatchObject({ role: 'assistant', refusal: null, tool_calls: null });
    expect(choice.message.content).toMatch(/pay a traffic ticket online/);
    const markers = [...choice.message.content.matchAll(/\[Source (\d+)\]/g)].map((m) => Number(m[1]));
    expect(markers.length).toBeGreaterThan(0);
    const indexes = choice.message.citations.map((c: Wire) => c.source_index);
    expect([...new Set(markers)].sort()).toEqual([...indexes].sort());
    const citation = choice.message.citations[0];
    expect(Object.keys(citation).sort()).toEqual(
      [
        'chunk_index',
        'document_id',
        'score',
        'source_filename',
        'source_index',
        'text_preview',
        'title',
      ].sort(),
    );
    expect(citation.source_filename).toBe('http://court.test/traffic/');
    expect(json.usage.total_tokens).toBe(json.usage.prompt_tokens + json.usage.completion_tokens);
  });

  it('says the information does not cover an unrelated question, with empty citations', async () => {
    const { json } = await ask('How do I renew my passport?');
    expect(json.choices[0].message.citations).toEqual([]);
    expect(json.choices[0].message.content).not.toMatch(/\[Source/);
    expect(json.choices[0].message.content).toMatch(/couldn't find/);
  });

  it('answers a Spanish question in Spanish', async () => {
    const { json } = await ask('¿Dónde puedo pagar mi multa de tránsito?');
    expect(json.choices[0].message.content).toMatch(/Puede pagar su multa/);
    const unknown = await ask('¿Cómo renuevo mi pasaporte?');
    expect(unknown.json.choices[0].message.content).toMatch(/No encontré/);
  });

  it('omits markers and returns citations null for a bot that does not cite', async () => {
    const bot = createBot(api.deps.db, {
      accountId: api.accountId,
      slug: 'plain',
      citations: false,
      now: new Date(),
    });
    const { json } = await ask('How do I pay a traffic ticket?', { model: 'plain' });
    expect(json.model).toBe('plain');
    expect(json.choices[0].message.citations).toBeNull();
    expect(json.choices[0].message.content).not.toMatch(/\[Source/);
    updateBot(api.deps.db, bot.id, { enabled: false });
  });

  it('returns valid JSON in json_object and json_schema modes', async () => {
    const obj = await ask('How do I pay a traffic ticket?', { response_format: { type: 'json_object' } });
    expect(JSON.parse(obj.json.choices[0].message.content)).toHaveProperty('answer');
    const schema = await ask('How do I pay a traffic ticket?', {
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'a',
          schema: { type: 'object', properties: { text: { type: 'string' }, ok: { type: 'boolean' } } },
        },
      },
    });
    expect(JSON.parse(schema.json.choices[0].message.content)).toMatchObject({
      ok: false,
      text: expect.any(String),
    });
  });

  it('produces a tool call when tool_choice names a function', async () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'lookup_case',
          parameters: { type: 'object', properties: { q: { type: 'string' } } },
        },
      },
    ];
    const { json } = await ask('Find case 123', {
      tools,
      tool_choice: { type: 'function', function: { name: 'lookup_case' } },
    });
    const choice = json.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.citations).toBeNull();
    expect(choice.message.tool_calls[0]).toMatchObject({
      type: 'function',
      function: { name: 'lookup_case' },
    });
    expect(JSON.parse(choice.message.tool_calls[0].function.arguments)).toEqual({ q: 'Find case 123' });
  });

  it('cuts at a stop sequence and at max_completion_tokens', async () => {
    const stopped = await ask('How do I pay a traffic ticket?', { stop: ['online'] });
    expect(stopped.json.choices[0].message.content).not.toContain('online');
    const short = await ask('How do I pay a traffic ticket?', { max_completion_tokens: 3 });
    expect(short.json.choices[0].finish_reason).toBe('length');
    expect(short.json.choices[0].message.content.length).toBeLessThanOrEqual(12);
  });
});

describe('model resolution', () => {
  it('resolves aliases to the canonical slug and is case-sensitive', async () => {
    addAlias(api.deps.db, api.accountId, 'helper', api.botSlug);
    expect((await ask('hi', { model: 'helper' })).json.model).toBe(api.botSlug);
    const wrong = await ask('hi', { model: api.botSlug.toUpperCase() });
    expect(wrong.res.status).toBe(404);
    expect(wrong.json.error).toMatchObject({ code: 'model_not_found', param: 'model' });
    expect(wrong.json.error.message).toMatch(/omit the model field/i);
    expect(wrong.json.error.message).toContain(api.botSlug);
  });

  it('asks for a model when several bots are enabled and no default is set', async () => {
    const extra = createBot(api.deps.db, { accountId: api.accountId, slug: 'second', now: new Date() });
    updateAccount(api.deps.db, api.accountId, { defaultBotId: null });
    try {
      const omitted = await ask('hi');
      expect(omitted.res.status).toBe(400);
      expect(omitted.json.error.param).toBe('model');
      const unknown = await ask('hi', { model: 'nope' });
      expect(unknown.json.error.message).toMatch(/pass one of the listed ids/i);
    } finally {
      updateBot(api.deps.db, extra.id, { enabled: false });
      updateAccount(api.deps.db, api.accountId, { defaultBotId: null });
    }
    // One enabled bot left: it answers even without a default.
    expect((await ask('hi')).json.model).toBe(api.botSlug);
  });

  it('rejects a tool outside the allowlist with tool_not_allowed even when tool_choice is none', async () => {
    const bot = createBot(api.deps.db, { accountId: api.accountId, slug: 'strict', now: new Date() });
    updateBot(api.deps.db, bot.id, { toolAllowlist: ['ok_tool'] });
    const tools = ['ok_tool', 'bad_tool'].map((name) => ({ type: 'function', function: { name } }));
    const { res, json } = await ask('hi', { model: 'strict', tools, tool_choice: 'none' });
    expect(res.status).toBe(400);
    expect(json.error).toMatchObject({ code: 'tool_not_allowed', param: 'tools[1]' });
    updateBot(api.deps.db, bot.id, { enabled: false });
  });
});

describe('POST /v1/chat/completions (streaming)', () => {
  it('streams role first, small deltas, citations on the finish chunk, usage, then [DONE]', async () => {
    const res = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: authHeaders(api.chatKey),
      body: JSON.stringify({
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'How do I pay a traffic ticket?' }],
      }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = sseFrames(await res.text()) as Wire[];
    expect(frames.at(-1)).toBe('[DONE]');
    expect(frames[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    const usage = frames.at(-2);
    expect(usage.choices).toEqual([]);
    expect(usage.usage.total_tokens).toBeGreaterThan(0);
    const finish = frames.at(-3);
    expect(finish.choices[0].finish_reason).toBe('stop');
    const text = frames
      .slice(1, -3)
      .map((f) => f.choices[0].delta.content)
      .join('');
    expect(frames.length - 4).toBeGreaterThan(3);
    const markers = new Set([...text.matchAll(/\[Source (\d+)\]/g)].map((m) => Number(m[1])));
    expect(finish.choices[0].delta.citations.map((c: Wire) => c.source_index).sort()).toEqual(
      [...markers].sort(),
    );
  });

  it('streams a forced tool call with finish_reason tool_calls and no citations', async () => {
    const res = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: authHeaders(api.chatKey),
      body: JSON.stringify({
        stream: true,
        tools: [{ type: 'function', function: { name: 'lookup' } }],
        tool_choice: 'required',
        messages: [{ role: 'user', content: 'Find my case' }],
      }),
    });
    const frames = sseFrames(await res.text()) as Wire[];
    // OpenAI's shape: the call's id and name with empty arguments, then the arguments in pieces.
    expect(frames).toHaveLength(5);
    expect(frames[1].choices[0].delta.tool_calls[0]).toMatchObject({
      index: 0,
      type: 'function',
      function: { name: 'lookup', arguments: '' },
    });
    expect(frames[2].choices[0].delta.tool_calls[0]).toEqual({ index: 0, function: { arguments: '{}' } });
    expect(frames[3].choices[0]).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
    expect(frames[4]).toBe('[DONE]');
  });
});
