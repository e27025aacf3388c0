import { describe, expect, it } from 'vitest';
import { expect400, expectEnvelope, expectError } from '../src/expect-error.js';
import { useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';

const target = useTarget();
const user = (content: string) => ({ role: 'user', content });

const chat = (json: unknown) =>
  call(target().url('/chat/completions'), 'POST', { key: target().chatKey, json });

describe('Errors', () => {
  describe('envelope', () => {
    it('carries error.message, type, param and code on every error, with the type of its status class', async () => {
      const responses = [
        await call(target().url('/models'), 'GET'),
        await call(target().url('/models'), 'GET', { key: target().ingestKey }),
        await call(target().url('/nope'), 'GET'),
        await call(target().url('/models'), 'POST'),
        await chat({ messages: [] }),
        await call(target().url('/models/no-such-bot-zz'), 'GET', { key: target().chatKey }),
      ];
      for (const res of responses) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expectEnvelope(res);
      }
    });
  });

  describe('400 param', () => {
    it('names the field in bracket form (messages[1].content)', async () => {
      const res = await chat({ messages: [user('Hello'), { role: 'assistant', content: 'Hi' }, user('')] });
      expect400(res, 'messages[2].content');
    });

    it('is null when the body is missing', async () => {
      const res = await call(target().url('/chat/completions'), 'POST', {
        key: target().chatKey,
        headers: { 'content-type': 'application/json' },
      });
      expect400(res, null);
    });

    it('is null when the body is JSON but not an object', async () => {
      for (const body of ['[]', '"text"', '42', 'null', 'true']) {
        const res = await call(target().url('/chat/completions'), 'POST', {
          key: target().chatKey,
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect400(res, null);
      }
    });

    it('is null when Content-Type is not application/json', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
        const res = await call(target().url('/chat/completions'), 'POST', {
          key: target().chatKey,
          body: JSON.stringify({ messages: [user('Hello')] }),
          headers: { 'content-type': contentType },
        });
        expect400(res, null);
      }
    });

    it('accepts application/json with a charset parameter', async () => {
      const res = await call(target().url('/chat/completions'), 'POST', {
        key: target().chatKey,
        body: JSON.stringify({ messages: [user('Hello')] }),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('validation', () => {
    it('reports only the first failure (the first invalid item of an array)', async () => {
      const res = await chat({ messages: [user(''), { role: 'assistant', content: '' }, user('')] });
      expect400(res, 'messages[0].content');
    });

    it('never coerces strings to numbers or booleans', async () => {
      const base = { messages: [user('Hello')] };
      const cases: [Record<string, unknown>, string][] = [
        [{ stream: 'true' }, 'stream'],
        [{ stream: 'false' }, 'stream'],
        [{ n: '1' }, 'n'],
        [{ n: true }, 'n'],
        [{ temperature: true }, 'temperature'],
        [{ temperature: '0.5' }, 'temperature'],
        [{ top_p: '0.5' }, 'top_p'],
        [{ max_completion_tokens: '100' }, 'max_completion_tokens'],
        [{ stream_options: { include_usage: 'true' } }, 'stream_options'],
      ];
      for (const [extra, param] of cases) {
        expect400(await chat({ ...base, ...extra }), param, { prefix: true });
      }
      const emb = await call(target().url('/embeddings'), 'POST', {
        key: target().chatKey,
        json: { input: 'x', dimensions: '1024' },
      });
      expect400(emb, 'dimensions');
      const conv = await call(target().url('/conversations'), 'POST', { key: target().chatKey, json: {} });
      expect(conv.status).toBe(201);
      const id = (conv.body as { id: string }).id;
      const msg = await call(target().url(`/conversations/${id}/messages`), 'POST', {
        key: target().chatKey,
        json: { content: 'Hello', stream: 'false' },
      });
      expect400(msg, 'stream');
    });

    it('ignores unknown request fields on chat completions', async () => {
      const res = await chat({ messages: [user('Hello')], frobnicate: { a: 1 }, user: 'someone', seed: 7 });
      expect(res.status).toBe(200);
    });

    it('accepts the nested OpenAI fields standard clients send (message name, tool strict, parallel_tool_calls)', async () => {
      const res = await chat({
        messages: [
          {
            role: 'user',
            content: [{ type: 'text', text: 'Hello', cache_control: { type: 'ephemeral' } }],
            name: 'visitor',
          },
        ],
        tools: [
          {
            type: 'function',
            function: { name: 'lookup_case', strict: true, parameters: { type: 'object' } },
          },
        ],
        parallel_tool_calls: false,
        max_tokens: 100,
        logprobs: false,
      });
      expect(res.status, res.text).toBe(200);
    });

    it('ignores unknown request fields on embeddings', async () => {
      const res = await call(target().url('/embeddings'), 'POST', {
        key: target().chatKey,
        json: { input: 'hello', frobnicate: true },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('404', () => {
    it('returns model_not_found with param model, listing the available models', async () => {
      const res = await chat({ model: 'no-such-bot-zz', messages: [user('Hello')] });
      const e = expectError(res, 404, { code: 'model_not_found', param: 'model' });
      expect(e.message).toContain(await target().botSlug());
    });

    it('hints to omit the model field when a default resolves', async () => {
      const res = await chat({ model: 'no-such-bot-zz', messages: [user('Hello')] });
      const e = expectError(res, 404, { code: 'model_not_found' });
      expect(e.message.toLowerCase()).toMatch(/omit/);
    });

    it('returns not_found for unknown and malformed ids alike', async () => {
      for (const path of [
        '/conversations/00000000-0000-4000-8000-000000000000',
        '/conversations/not-a-uuid',
        '/conversations/%E0%A4%A',
      ]) {
        const res = await call(target().url(path), 'GET', { key: target().chatKey });
        expectError(res, 404, { code: 'not_found' });
      }
      for (const path of ['/documents/not-a-uuid', '/ingest/jobs/not-a-uuid', '/ingest/crawl/not-a-uuid']) {
        const res = await call(target().url(path), 'GET', { key: target().ingestKey });
        expectError(res, 404, { code: 'not_found' });
      }
    });
  });

  describe('character limits count characters (Unicode code points), not UTF-16 code units', () => {
    // 50,001 emoji are 50,001 characters but 100,002 UTF-16 code units.
    const emoji = (n: number) => '\u{1F600}'.repeat(n);
    const cases: [string, () => Promise<{ status: number; text: string }>][] = [
      ['chat message content (limit 100,000)', () => chat({ messages: [user(emoji(50_001))] })],
      [
        'embedding input (limit 100,000)',
        () =>
          call(target().url('/embeddings'), 'POST', {
            key: target().chatKey,
            json: { input: emoji(50_001) },
          }),
      ],
      [
        'conversation metadata key (limit 64)',
        () =>
          call(target().url('/conversations'), 'POST', {
            key: target().chatKey,
            json: { metadata: { [emoji(40)]: 'v' } },
          }),
      ],
      [
        'conversation metadata value (limit 512)',
        () =>
          call(target().url('/conversations'), 'POST', {
            key: target().chatKey,
            json: { metadata: { k: emoji(300) } },
          }),
      ],
      [
        'conversation message content (limit 100,000)',
        async () => {
          const conv = await call(target().url('/conversations'), 'POST', {
            key: target().chatKey,
            json: {},
          });
          const id = (conv.body as { id: string }).id;
          return call(target().url(`/conversations/${id}/messages`), 'POST', {
            key: target().chatKey,
            json: { content: emoji(50_001) },
          });
        },
      ],
    ];
    for (const [field, send] of cases) {
      it(`accepts astral characters within the limit: ${field}`, async () => {
        const res = await send();
        expect(res.status, res.text.slice(0, 300)).toBeLessThan(300);
      });
    }
  });
});
