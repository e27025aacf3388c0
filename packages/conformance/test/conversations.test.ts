import { describe, expect, it } from 'vitest';
import { expect400, expectError, UUID } from '../src/expect-error.js';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { collectStream } from '../src/sse.js';

const target = useTarget();

interface Conversation {
  id: string;
  object: string;
  model: string | null;
  metadata: Record<string, string>;
  created: number;
  updated: number;
  messages?: { role: string; content: string; citations?: unknown }[];
}

const create = (json?: unknown, headers: Record<string, string> = {}) =>
  call(target().url('/conversations'), 'POST', {
    key: target().chatKey,
    headers,
    ...(json === undefined ? {} : { json }),
  });

async function newConversation(json: unknown = {}): Promise<Conversation> {
  const res = await create(json);
  expect(res.status, res.text).toBe(201);
  return res.body as Conversation;
}

const send = (id: string, json: unknown) =>
  call(target().url(`/conversations/${id}/messages`), 'POST', { key: target().chatKey, json });
const read = (id: string) => call(target().url(`/conversations/${id}`), 'GET', { key: target().chatKey });

describe('Conversations', () => {
  describe('POST /conversations', () => {
    it('returns 201 with the conversation object', async () => {
      const c = await newConversation({});
      expect(c.id).toMatch(UUID);
      expect(c.object).toBe('conversation');
      expect(c.model).toBeNull();
      expect(c.metadata).toEqual({});
      expect(Number.isInteger(c.created)).toBe(true);
      expect(Number.isInteger(c.updated)).toBe(true);
      expect(Math.abs(c.created - Date.now() / 1000)).toBeLessThan(300);
    });

    it('treats a missing body as {}', async () => {
      const res = await create();
      expect(res.status, res.text).toBe(201);
    });

    it('treats an empty body with Content-Type application/json as {}', async () => {
      const res = await call(target().url('/conversations'), 'POST', {
        key: target().chatKey,
        body: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, res.text).toBe(201);
    });

    it('rejects a body that is JSON but not an object with 400 param null', async () => {
      for (const body of ['[]', '"x"', '7']) {
        const res = await call(target().url('/conversations'), 'POST', {
          key: target().chatKey,
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect400(res, null);
      }
    });

    it('stores the canonical slug as model when one is given', async () => {
      const slug = await target().botSlug();
      expect((await newConversation({ model: slug })).model).toBe(slug);
    });

    it('stores the canonical slug when created with an alias', async (ctx) => {
      const alias = await need(ctx, () => target().modelAlias());
      expect((await newConversation({ model: alias })).model).toBe(await target().botSlug());
    });

    it('returns 404 model_not_found for an unknown model', async () => {
      expectError(await create({ model: 'no-such-bot-zz' }), 404, {
        code: 'model_not_found',
        param: 'model',
      });
    });

    it('accepts metadata at the limits: 16 keys, 64-character keys, 512-character values', async () => {
      const metadata: Record<string, string> = {};
      for (let i = 0; i < 15; i++) metadata[`k${i}`] = 'v';
      metadata['k'.repeat(64)] = 'v'.repeat(512);
      const c = await newConversation({ metadata });
      expect(c.metadata).toEqual(metadata);
    });

    it('rejects metadata over the limits or of the wrong type with param metadata', async () => {
      const seventeen = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']));
      for (const metadata of [
        seventeen,
        { ['k'.repeat(65)]: 'v' },
        { '': 'v' },
        { k: 'v'.repeat(513) },
        { k: 5 },
        { k: null },
        ['a'],
        'text',
      ]) {
        expect400(await create({ metadata }), 'metadata', { prefix: true });
      }
    });
  });

  describe('GET and DELETE /conversations/{id}', () => {
    it('returns the conversation with its messages', async () => {
      const c = await newConversation({ metadata: { case: '42' } });
      const res = await read(c.id);
      expect(res.status).toBe(200);
      const got = res.body as Conversation;
      expect(got.id).toBe(c.id);
      expect(got.metadata).toEqual({ case: '42' });
      expect(got.messages).toEqual([]);
    });

    it('returns 404 not_found for unknown and malformed ids', async () => {
      expectError(await read('00000000-0000-4000-8000-000000000000'), 404, { code: 'not_found' });
      expectError(await read('abc'), 404, { code: 'not_found' });
    });

    it('deletes with 204, an empty body and no Content-Type; the conversation is then 404', async () => {
      const c = await newConversation();
      const res = await call(target().url(`/conversations/${c.id}`), 'DELETE', { key: target().chatKey });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers.get('content-type')).toBeNull();
      expectError(await read(c.id), 404, { code: 'not_found' });
      const again = await call(target().url(`/conversations/${c.id}`), 'DELETE', { key: target().chatKey });
      expectError(again, 404, { code: 'not_found' });
      expectError(await send(c.id, { content: 'Still there?' }), 404, { code: 'not_found' });
    });

    it("hides another account's conversations (404 not_found)", async (ctx) => {
      const other = await need(ctx, () => target().otherAccount());
      const c = await newConversation();
      expectError(await call(target().url(`/conversations/${c.id}`), 'GET', { key: other.chatKey }), 404, {
        code: 'not_found',
      });
      expectError(await call(target().url(`/conversations/${c.id}`), 'DELETE', { key: other.chatKey }), 404, {
        code: 'not_found',
      });
      const post = await call(target().url(`/conversations/${c.id}/messages`), 'POST', {
        key: other.chatKey,
        json: { content: 'Hello' },
      });
      expectError(post, 404, { code: 'not_found' });
      expect(((await read(c.id)).body as Conversation).messages).toEqual([]);
    });
  });

  describe('POST /conversations/{id}/messages', () => {
    it('returns conversation_id and the assistant message (role, content, citations)', async () => {
      const c = await newConversation();
      const res = await send(c.id, { content: 'What is the filing fee?' });
      expect(res.status, res.text).toBe(200);
      const body = res.body as {
        conversation_id: string;
        message: { role: string; content: string; citations: unknown };
      };
      expect(body.conversation_id).toBe(c.id);
      expect(body.message.role).toBe('assistant');
      expect(typeof body.message.content).toBe('string');
      expect(body.message.citations === null || Array.isArray(body.message.citations)).toBe(true);
    });

    it('stores the turn: the read returns alternating user and assistant messages', async () => {
      const c = await newConversation();
      await send(c.id, { content: 'First question' });
      await send(c.id, { content: 'Second question' });
      const got = (await read(c.id)).body as Conversation;
      expect(got.messages!.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(got.messages![0]!.content).toBe('First question');
      expect(got.messages![2]!.content).toBe('Second question');
      expect(got.updated).toBeGreaterThanOrEqual(got.created);
    });

    it('rejects empty, whitespace-only, too long or non-string content with param content', async () => {
      const c = await newConversation();
      for (const content of ['', '   \n\t', 'a'.repeat(100_001), 5, null, ['x']]) {
        expect400(await send(c.id, { content }), 'content');
      }
      expect400(await send(c.id, {}), 'content');
      const got = (await read(c.id)).body as Conversation;
      expect(got.messages).toEqual([]);
    });

    it('accepts 100,000 characters of content', async () => {
      const c = await newConversation();
      const res = await send(c.id, { content: `${'fee '.repeat(24_999)}fee?` });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
    });

    it('answers 100,000 characters of content of any shape: one word, a run of marks, a dotted run', async () => {
      // Each once took the answerer from tens of seconds to minutes: a split tried at every letter of
      // an unknown word, a lookbehind rescanning a run of question marks, a 50,000-letter abbreviation.
      for (const content of ['a'.repeat(100_000), '?'.repeat(100_000), 'u.'.repeat(50_000)]) {
        const c = await newConversation();
        const res = await send(c.id, { content });
        expect(res.status, res.text.slice(0, 200)).toBe(200);
      }
    });

    it('returns 404 not_found for an unknown conversation', async () => {
      expectError(await send('00000000-0000-4000-8000-000000000000', { content: 'Hi' }), 404, {
        code: 'not_found',
      });
    });

    it('streams delta frames, then one done frame with the message, then [DONE]; the turn is stored before the done frame', async () => {
      const c = await newConversation();
      let storedAtDone: Conversation | null = null;
      const s = await collectStream(
        target().url(`/conversations/${c.id}/messages`),
        target().chatKey,
        { content: 'Where do jurors report?', stream: true },
        async (frame) => {
          if (frame.data !== '[DONE]' && (JSON.parse(frame.data) as { done?: boolean }).done === true) {
            storedAtDone = (await read(c.id)).body as Conversation;
          }
        },
      );
      expect(s.status, s.text).toBe(200);
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.endedWithDone).toBe(true);
      const events = s.events as {
        conversation_id: string;
        delta?: { content: string };
        message?: { role: string; content: string };
        done?: boolean;
      }[];
      const done = events.filter((e) => e.done === true);
      expect(done).toHaveLength(1);
      expect(events.at(-1)).toBe(done[0]);
      for (const e of events) expect(e.conversation_id).toBe(c.id);
      const deltas = events.slice(0, -1);
      expect(deltas.length).toBeGreaterThan(0);
      for (const d of deltas) expect(typeof d.delta?.content).toBe('string');
      const message = done[0]!.message!;
      expect(message.role).toBe('assistant');
      expect(deltas.map((d) => d.delta!.content).join('')).toBe(message.content);
      expect(storedAtDone).not.toBeNull();
      const stored = storedAtDone as unknown as Conversation;
      expect(stored.messages!.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(stored.messages![1]!.content).toBe(message.content);
    });

    it('keeps the full history retrievable beyond the 40-message model window', async () => {
      const c = await newConversation();
      for (let i = 0; i < 21; i++) {
        const res = await send(c.id, { content: `Question number ${i}` });
        expect(res.status).toBe(200);
      }
      const got = (await read(c.id)).body as Conversation;
      expect(got.messages).toHaveLength(42);
      expect(got.messages![0]!.content).toBe('Question number 0');
    });

    it('fails with model_not_found on the next message once the bot of the conversation is disabled', async (ctx) => {
      const bot = await need(ctx, () => target().disposableBot());
      const c = await newConversation({ model: bot.slug });
      expect((await send(c.id, { content: 'Hello' })).status).toBe(200);
      await bot.disable();
      expectError(await send(c.id, { content: 'Hello again' }), 404, {
        code: 'model_not_found',
        param: 'model',
      });
    });
  });
});
