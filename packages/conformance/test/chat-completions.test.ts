import { beforeAll, describe, expect, it } from 'vitest';
import { expect400, expectError } from '../src/expect-error.js';
import { textFile } from '../src/files/sample-files.js';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { ingest } from '../src/ingest.js';

const target = useTarget();

const user = (content: unknown) => ({ role: 'user', content });
const QUESTION = 'What is the filing fee for a civil complaint?';

const chat = (json: Record<string, unknown>, key = target().chatKey, baseUrl = target().baseUrl) =>
  call(`${baseUrl}/chat/completions`, 'POST', { key, json: { messages: [user(QUESTION)], ...json } });

interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: {
    index: number;
    finish_reason: string;
    message: {
      role: string;
      content: string | null;
      refusal: null;
      tool_calls: { id: string; type: string; function: { name: string; arguments: string } }[] | null;
      citations: Record<string, unknown>[] | null;
    };
  }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

const tool = (name: string) => ({
  type: 'function',
  function: { name, description: 'Looks up a case', parameters: { type: 'object', properties: {} } },
});

beforeAll(async () => {
  if (target().kind !== 'local') return;
  // A knowledge base for the default bot, so answers carry citations.
  await ingest(target().baseUrl, target().ingestKey, [
    textFile(
      'civil-fees.txt',
      'Civil filing fees. The filing fee for a civil complaint is 435 dollars. Fee waivers are available for people who cannot pay.',
    ),
  ]);
}, 90_000);

describe('Chat completions', () => {
  describe('response', () => {
    it('returns the standard chat completion object with a chatcmpl- + 24 hex id', async () => {
      const res = await chat({});
      expect(res.status, res.text).toBe(200);
      const c = res.body as Completion;
      expect(c.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
      expect(c.object).toBe('chat.completion');
      expect(Number.isInteger(c.created)).toBe(true);
      expect(Math.abs(c.created - Date.now() / 1000)).toBeLessThan(300);
      expect(c.model).toBe(await target().botSlug());
      expect(c.choices).toHaveLength(1);
      expect(c.choices[0]!.index).toBe(0);
      expect(c.choices[0]!.finish_reason).toBe('stop');
    });

    it('gives every completion its own id', async () => {
      const a = (await chat({})).body as Completion;
      const b = (await chat({})).body as Completion;
      expect(a.id).not.toBe(b.id);
    });

    it('returns an assistant message with all keys: role, content, refusal null, tool_calls null, citations', async () => {
      const c = (await chat({})).body as Completion;
      const m = c.choices[0]!.message;
      expect(Object.keys(m)).toEqual(
        expect.arrayContaining(['role', 'content', 'refusal', 'tool_calls', 'citations']),
      );
      expect(m.role).toBe('assistant');
      expect(typeof m.content).toBe('string');
      expect(m.refusal).toBeNull();
      expect(m.tool_calls).toBeNull();
      expect(m.citations === null || Array.isArray(m.citations)).toBe(true);
    });

    it('returns a citations array on a text answer from a bot that cites, matching the [Source N] markers', async (ctx) => {
      if (target().botCites !== true) ctx.skip('set CHATBOT_API_BOT_CITES=true when the default bot cites');
      const c = (await chat({})).body as Completion;
      const m = c.choices[0]!.message;
      expect(Array.isArray(m.citations)).toBe(true);
      expect(m.citations!.length).toBeGreaterThan(0);
      for (const cit of m.citations!) {
        // New fields may appear (the interface changes additively): check the six the contract names.
        expect(Object.keys(cit)).toEqual(
          expect.arrayContaining([
            'chunk_index',
            'document_id',
            'score',
            'source_filename',
            'source_index',
            'text_preview',
          ]),
        );
        expect(Number.isInteger(cit.source_index)).toBe(true);
        expect(typeof cit.document_id).toBe('string');
        expect(typeof cit.source_filename).toBe('string');
        expect(Number.isInteger(cit.chunk_index)).toBe(true);
        expect(typeof cit.text_preview).toBe('string');
        expect(typeof cit.score).toBe('number');
      }
      const markers = new Set([...(m.content ?? '').matchAll(/\[Source (\d+)\]/g)].map((x) => Number(x[1])));
      const indexes = new Set(m.citations!.map((x) => x.source_index as number));
      expect(markers.size).toBeGreaterThan(0);
      for (const n of markers) expect(indexes.has(n), `[Source ${n}] has a citation`).toBe(true);
      for (const n of indexes) expect(markers.has(n), `citation ${n} has a marker`).toBe(true);
    });

    it("never cites another account's knowledge base", async (ctx) => {
      const other = await need(ctx, () => target().otherAccount());
      const mine = await call(target().url('/documents?limit=1000'), 'GET', { key: target().ingestKey });
      const myDocs = new Set((mine.body as { data: { id: string }[] }).data.map((d) => d.id));
      const res = await chat({}, other.chatKey);
      expect(res.status, res.text).toBe(200);
      for (const c of (res.body as Completion).choices[0]!.message.citations ?? []) {
        expect(myDocs.has(c.document_id as string)).toBe(false);
      }
    });

    it('returns citations null for a bot that does not cite', async (ctx) => {
      const model = await need(ctx, () => target().nonCitingModel());
      const res = await chat({ model });
      expect(res.status, res.text).toBe(200);
      const m = (res.body as Completion).choices[0]!.message;
      expect(m.citations).toBeNull();
      expect(m.content ?? '').not.toMatch(/\[Source \d+\]/);
    });

    it('reports usage with prompt, completion and total tokens', async () => {
      const c = (await chat({})).body as Completion;
      expect(c.usage.prompt_tokens).toBeGreaterThan(0);
      expect(Number.isInteger(c.usage.completion_tokens)).toBe(true);
      expect(c.usage.total_tokens).toBe(c.usage.prompt_tokens + c.usage.completion_tokens);
    });
  });

  describe('model', () => {
    for (const [label, value] of [
      ['omitted', undefined],
      ['null', null],
      ['an empty string', ''],
      ['`default`', 'default'],
    ] as const) {
      it(`selects the account default when model is ${label}, echoing the canonical slug`, async () => {
        const res = await chat(value === undefined ? {} : { model: value });
        expect(res.status, res.text).toBe(200);
        expect((res.body as Completion).model).toBe(await target().botSlug());
      });
    }

    it('accepts the bot slug', async () => {
      const slug = await target().botSlug();
      const res = await chat({ model: slug });
      expect(res.status).toBe(200);
      expect((res.body as Completion).model).toBe(slug);
    });

    it('matches slugs case-sensitively (404 model_not_found)', async () => {
      const slug = await target().botSlug();
      const other = slug === slug.toUpperCase() ? slug.toLowerCase() : slug.toUpperCase();
      expectError(await chat({ model: other }), 404, { code: 'model_not_found', param: 'model' });
    });

    it('accepts an alias and echoes the canonical slug', async (ctx) => {
      const alias = await need(ctx, () => target().modelAlias());
      const res = await chat({ model: alias });
      expect(res.status, res.text).toBe(200);
      expect((res.body as Completion).model).toBe(await target().botSlug());
    });

    it('returns 400 param model when omitted on an account with several bots and no default', async (ctx) => {
      const { key, baseUrl, slugs } = await need(ctx, () => target().multiBotKey());
      expect400(await chat({}, key, baseUrl), 'model');
      for (const model of [null, '', 'default']) expect400(await chat({ model }, key, baseUrl), 'model');
      const e = expectError(await chat({ model: 'no-such-bot-zz' }, key, baseUrl), 404, {
        code: 'model_not_found',
      });
      for (const s of slugs) expect(e.message).toContain(s);
    });

    it('rejects a non-string model with 400 param model', async () => {
      expect400(await chat({ model: 5 }), 'model');
    });
  });

  describe('messages', () => {
    it('requires 1 to 200 messages', async () => {
      expect400(await chat({ messages: [] }), 'messages');
      const many = Array.from({ length: 201 }, (_, i) =>
        i % 2 === 0 ? user(`q${i}`) : { role: 'assistant', content: `a${i}` },
      );
      expect400(await chat({ messages: many }), 'messages');
      const ok = many.slice(0, 199);
      expect((await chat({ messages: ok })).status).toBe(200);
    });

    it('rejects a non-array messages with 400 param messages', async () => {
      expect400(await chat({ messages: 'Hello' }), 'messages');
    });

    it('accepts the roles system, developer, user, assistant, tool and rejects others', async () => {
      const res = await chat({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: 'Cite sources.' },
          user('Hello'),
          { role: 'assistant', content: 'Hi' },
          user(QUESTION),
        ],
      });
      expect(res.status, res.text).toBe(200);
      expect400(await chat({ messages: [{ role: 'bot', content: 'x' }, user('Hi')] }), 'messages[0]', {
        prefix: true,
      });
    });

    it('accepts content as an array of text parts', async () => {
      const res = await chat({
        messages: [
          user([
            { type: 'text', text: 'What is the filing fee' },
            { type: 'text', text: '?' },
          ]),
        ],
      });
      expect(res.status, res.text).toBe(200);
    });

    it('rejects parts that are not text parts (param under messages[i].content)', async () => {
      const res = await chat({
        messages: [user([{ type: 'image_url', image_url: { url: 'https://x/y.png' } }])],
      });
      expect400(res, 'messages[0].content', { prefix: true });
      expect400(await chat({ messages: [user([{ type: 'text' }])] }), 'messages[0].content', {
        prefix: true,
      });
    });

    it('rejects empty content with messages[i].content', async () => {
      expect400(await chat({ messages: [user('')] }), 'messages[0].content');
      expect400(await chat({ messages: [user([])] }), 'messages[0].content');
    });

    it('allows 100,000 characters and rejects 100,001 with messages[i].content', async () => {
      expect400(await chat({ messages: [user('a'.repeat(100_001))] }), 'messages[0].content');
      const ok = await chat({ messages: [user(`${'fee '.repeat(24_999)}fee?`)] });
      expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    });

    it('counts the characters of all text parts of a message against the 100,000 limit', async () => {
      const parts = [
        { type: 'text', text: 'a'.repeat(60_000) },
        { type: 'text', text: 'b'.repeat(60_000) },
      ];
      expect400(await chat({ messages: [user(parts)] }), 'messages[0].content');
    });

    it('rejects a message that is not an object with param messages[i]', async () => {
      expect400(await chat({ messages: [user('Hi'), 'hello'] }), 'messages[1]', { prefix: true });
    });

    it('requires at least one user message (param messages)', async () => {
      expect400(await chat({ messages: [{ role: 'system', content: 'Be brief.' }] }), 'messages');
    });

    it('requires the first non-system message to be a user message (param messages)', async () => {
      const res = await chat({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'assistant', content: 'Hi' },
          user('Hello'),
        ],
      });
      expect400(res, 'messages');
    });

    it('requires the last message to be user or tool (param messages)', async () => {
      expect400(await chat({ messages: [user('Hello'), { role: 'assistant', content: 'Hi' }] }), 'messages');
    });
  });

  describe('n and stream_options', () => {
    it('requires n to be 1', async () => {
      expect((await chat({ n: 1 })).status).toBe(200);
      expect400(await chat({ n: 2 }), 'n');
      expect400(await chat({ n: 0 }), 'n');
    });

    it('validates stream_options even when stream is false', async () => {
      expect400(await chat({ stream: false, stream_options: { include_usage: 1 } }), 'stream_options', {
        prefix: true,
      });
      expect400(await chat({ stream_options: 'yes' }), 'stream_options', { prefix: true });
      expect((await chat({ stream: false, stream_options: { include_usage: true } })).status).toBe(200);
    });

    it('rejects a non-boolean stream', async () => {
      expect400(await chat({ stream: 1 }), 'stream');
    });
  });

  describe('tools', () => {
    it('accepts function tools and treats an empty array as omission', async () => {
      expect((await chat({ tools: [] })).status).toBe(200);
      const res = await chat({ tools: [tool('lookup_case')] });
      expect(res.status, res.text).toBe(200);
    });

    it('rejects non-function tools with param tools[i]', async () => {
      expect400(await chat({ tools: [tool('ok'), { type: 'retrieval' }] }), 'tools[1]', { prefix: true });
    });

    it('rejects names outside ^[a-zA-Z0-9_-]{1,64}$ with param tools[i]', async () => {
      for (const name of ['has space', '', 'x'.repeat(65), 'dot.name']) {
        expect400(await chat({ tools: [tool(name)] }), 'tools[0]', { prefix: true });
      }
      expect((await chat({ tools: [tool('a'.repeat(64))] })).status).toBe(200);
    });

    it('rejects a non-string description and non-object parameters with param tools[i]', async () => {
      const bad1 = { type: 'function', function: { name: 'x', description: 5 } };
      const bad2 = { type: 'function', function: { name: 'x', parameters: 'object' } };
      expect400(await chat({ tools: [bad1] }), 'tools[0]', { prefix: true });
      expect400(await chat({ tools: [bad2] }), 'tools[0]', { prefix: true });
    });

    it('sets finish_reason tool_calls, content null and citations null whenever tool_calls is non-empty', async () => {
      const res = await chat({ tools: [tool('lookup_case')], tool_choice: 'required' });
      expect(res.status, res.text).toBe(200);
      const choice = (res.body as Completion).choices[0]!;
      if (choice.message.tool_calls !== null) {
        expect(choice.message.tool_calls.length).toBeGreaterThan(0);
        expect(choice.finish_reason).toBe('tool_calls');
        expect(choice.message.content).toBeNull();
        expect(choice.message.citations).toBeNull();
        for (const tc of choice.message.tool_calls) {
          expect(typeof tc.id).toBe('string');
          expect(tc.type).toBe('function');
          expect(tc.function.name).toBe('lookup_case');
          expect(typeof tc.function.arguments).toBe('string');
        }
      } else {
        expect(choice.finish_reason).not.toBe('tool_calls');
      }
    });

    it('rejects a tool off the bot allowlist with 400 tool_not_allowed (param tools[i]), even with tool_choice none', async (ctx) => {
      const { key, baseUrl, allowedTool } = await need(ctx, () => target().toolAllowlist());
      const ok = await chat({ tools: [tool(allowedTool)] }, key, baseUrl);
      expect(ok.status, ok.text).toBe(200);
      expectError(await chat({ tools: [tool(allowedTool), tool('delete_records')] }, key, baseUrl), 400, {
        code: 'tool_not_allowed',
        param: 'tools[1]',
      });
      expectError(await chat({ tools: [tool('delete_records')], tool_choice: 'none' }, key, baseUrl), 400, {
        code: 'tool_not_allowed',
        param: 'tools[0]',
      });
    });
  });

  describe('tool_choice', () => {
    it('accepts auto, none, required and a function object', async () => {
      for (const tc of [
        'auto',
        'none',
        'required',
        { type: 'function', function: { name: 'lookup_case' } },
      ]) {
        const res = await chat({ tools: [tool('lookup_case')], tool_choice: tc });
        expect(res.status, JSON.stringify(tc)).toBe(200);
      }
    });

    it('rejects any other shape with param tool_choice', async () => {
      for (const tc of [
        'sometimes',
        5,
        { type: 'function' },
        { type: 'other', function: { name: 'x' } },
        [],
      ]) {
        expect400(await chat({ tools: [tool('lookup_case')], tool_choice: tc }), 'tool_choice');
      }
    });

    it('ignores a well-formed tool_choice when no tools are sent', async () => {
      expect((await chat({ tool_choice: 'required' })).status).toBe(200);
      expect((await chat({ tool_choice: { type: 'function', function: { name: 'x' } } })).status).toBe(200);
    });
  });

  describe('tool_call_id', () => {
    const call1 = { id: 'call_abc', type: 'function', function: { name: 'lookup_case', arguments: '{}' } };

    it('accepts a tool message answering a call of the nearest preceding assistant message', async () => {
      const res = await chat({
        tools: [tool('lookup_case')],
        messages: [
          user('Look up case 42'),
          { role: 'assistant', content: null, tool_calls: [call1] },
          { role: 'tool', tool_call_id: 'call_abc', content: '{"status":"open"}' },
        ],
      });
      expect(res.status, res.text).toBe(200);
    });

    it('rejects a missing or unmatched tool_call_id with messages[i].tool_call_id', async () => {
      const base = [user('Look up case 42'), { role: 'assistant', content: null, tool_calls: [call1] }];
      expect400(
        await chat({ messages: [...base, { role: 'tool', content: 'x' }] }),
        'messages[2].tool_call_id',
      );
      expect400(
        await chat({ messages: [...base, { role: 'tool', tool_call_id: 'call_zzz', content: 'x' }] }),
        'messages[2].tool_call_id',
      );
    });

    it('rejects a second answer to an already answered call', async () => {
      const res = await chat({
        messages: [
          user('Look up case 42'),
          { role: 'assistant', content: null, tool_calls: [call1] },
          { role: 'tool', tool_call_id: 'call_abc', content: 'x' },
          { role: 'tool', tool_call_id: 'call_abc', content: 'y' },
        ],
      });
      expect400(res, 'messages[3].tool_call_id');
    });

    it('rejects a tool message answering a call of an earlier (not the nearest) assistant message', async () => {
      const res = await chat({
        messages: [
          user('Look up case 42'),
          { role: 'assistant', content: null, tool_calls: [call1] },
          { role: 'tool', tool_call_id: 'call_abc', content: 'x' },
          { role: 'assistant', content: 'Done.' },
          user('And again?'),
          { role: 'tool', tool_call_id: 'call_abc', content: 'y' },
        ],
      });
      expect400(res, 'messages[5].tool_call_id');
    });

    it('rejects malformed assistant tool_calls with messages[i].tool_calls[j]', async () => {
      const res = await chat({
        messages: [
          user('Look up case 42'),
          { role: 'assistant', content: null, tool_calls: [call1, { id: 'call_x', type: 'function' }] },
          { role: 'tool', tool_call_id: 'call_abc', content: 'x' },
        ],
      });
      expect400(res, 'messages[1].tool_calls[1]', { prefix: true });
    });
  });

  describe('response_format', () => {
    it('accepts text', async () => {
      expect((await chat({ response_format: { type: 'text' } })).status).toBe(200);
    });

    it('returns valid JSON content for json_object', async () => {
      const res = await chat({ response_format: { type: 'json_object' } });
      expect(res.status, res.text).toBe(200);
      expect(() => JSON.parse((res.body as Completion).choices[0]!.message.content ?? '')).not.toThrow();
    });

    it('returns valid JSON content for json_schema with a name and schema', async () => {
      const res = await chat({
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'answer',
            schema: { type: 'object', properties: { answer: { type: 'string' } } },
          },
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(() => JSON.parse((res.body as Completion).choices[0]!.message.content ?? '')).not.toThrow();
    });

    it('rejects an unknown type or a json_schema without name or schema (param response_format)', async () => {
      for (const rf of [
        { type: 'xml' },
        'json_object',
        { type: 'json_schema' },
        { type: 'json_schema', json_schema: { schema: { type: 'object' } } },
        { type: 'json_schema', json_schema: { name: 'a', schema: 'object' } },
        { type: 'json_schema', json_schema: { name: 5, schema: { type: 'object' } } },
      ]) {
        expect400(await chat({ response_format: rf }), 'response_format', { prefix: true });
      }
    });

    it('rejects JSON modes combined with tools (param response_format)', async () => {
      expect400(
        await chat({ response_format: { type: 'json_object' }, tools: [tool('lookup_case')] }),
        'response_format',
      );
    });
  });

  describe('sampling and limits', () => {
    it('accepts stop as non-empty strings and rejects empty strings (param stop)', async () => {
      expect((await chat({ stop: ['\n\n', 'END'] })).status).toBe(200);
      expect((await chat({ stop: 'END' })).status).toBe(200);
      expect400(await chat({ stop: [''] }), 'stop', { prefix: true });
      expect400(await chat({ stop: '' }), 'stop', { prefix: true });
      expect400(await chat({ stop: [5] }), 'stop', { prefix: true });
    });

    it('accepts temperature from 0 to 2 and rejects values outside', async () => {
      for (const t of [0, 1, 1.5, 2]) expect((await chat({ temperature: t })).status, String(t)).toBe(200);
      expect400(await chat({ temperature: -0.01 }), 'temperature');
      expect400(await chat({ temperature: 2.01 }), 'temperature');
    });

    it('accepts top_p from 0 to 1 (also with temperature) and rejects values outside', async () => {
      expect((await chat({ top_p: 0 })).status).toBe(200);
      expect((await chat({ top_p: 1, temperature: 0.2 })).status).toBe(200);
      expect400(await chat({ top_p: 1.01 }), 'top_p');
      expect400(await chat({ top_p: -0.5 }), 'top_p');
    });

    it('clamps max_completion_tokens above 8192 instead of rejecting it', async () => {
      const res = await chat({ max_completion_tokens: 100_000 });
      expect(res.status, res.text).toBe(200);
      expect((res.body as Completion).usage.completion_tokens).toBeLessThanOrEqual(8192);
    });

    it('rejects a non-integer max_completion_tokens', async () => {
      expect400(await chat({ max_completion_tokens: 1.5 }), 'max_completion_tokens');
    });
  });
});
