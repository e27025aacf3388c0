import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useTarget } from '../src/fixture.js';

const target = useTarget();
// Only baseURL and apiKey change: everything else is the official client's defaults.
const client = () => new OpenAI({ baseURL: target().baseUrl, apiKey: target().chatKey });

describe('Official openai client', () => {
  it('creates a chat completion', async () => {
    const c = await client().chat.completions.create({
      model: await target().botSlug(),
      messages: [{ role: 'user', content: 'What are the court hours?' }],
    });
    expect(c.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
    expect(c.choices[0]!.message.role).toBe('assistant');
    expect(typeof c.choices[0]!.message.content).toBe('string');
    expect(c.usage!.total_tokens).toBeGreaterThan(0);
  });

  it('streams a chat completion with usage', async () => {
    const stream = await client().chat.completions.create({
      model: 'default',
      messages: [{ role: 'user', content: 'What are the court hours?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe('stop');
    expect(usage?.total_tokens).toBeGreaterThan(0);
  });

  it('lists and retrieves models', async () => {
    const ids: string[] = [];
    for await (const m of client().models.list()) ids.push(m.id);
    expect(ids).toContain(await target().botSlug());
    const m = await client().models.retrieve(await target().botSlug());
    expect(m.id).toBe(await target().botSlug());
  });

  it('creates embeddings (the client asks for base64 and decodes it)', async () => {
    const r = await client().embeddings.create({ input: ['Jury duty', 'Filing fees'], model: 'default' });
    expect(r.data).toHaveLength(2);
    expect(r.data[0]!.embedding).toHaveLength(1024);
    const f = await client().embeddings.create({
      input: 'Jury duty',
      model: 'default',
      encoding_format: 'float',
    });
    expect(f.data[0]!.embedding.map((x) => Math.fround(x))).toEqual(
      r.data[0]!.embedding.map((x) => Math.fround(x)),
    );
  });

  it('maps errors to the client error classes', async () => {
    const bad = new OpenAI({ baseURL: target().baseUrl, apiKey: 'nope', maxRetries: 0 });
    await expect(bad.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const err = await client()
      .chat.completions.create({ model: 'no-such-bot-zz', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect((err as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');
    const bad400 = await client()
      .chat.completions.create({ model: 'default', messages: [] })
      .catch((e: unknown) => e);
    expect(bad400).toBeInstanceOf(OpenAI.BadRequestError);
    expect((bad400 as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('messages');
  });
});
