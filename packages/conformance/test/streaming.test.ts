import { beforeAll, describe, expect, it } from 'vitest';
import { expect400 } from '../src/expect-error.js';
import { textFile } from '../src/files/sample-files.js';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { ingest } from '../src/ingest.js';
import { collectStream } from '../src/sse.js';

const target = useTarget();
const QUESTION = 'When do jurors report for jury duty?';

const stream = (json: Record<string, unknown> = {}) =>
  collectStream(target().url('/chat/completions'), target().chatKey, {
    messages: [{ role: 'user', content: QUESTION }],
    stream: true,
    ...json,
  });

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: { index: number; delta: Record<string, unknown>; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

beforeAll(async () => {
  if (target().kind !== 'local') return;
  await ingest(target().baseUrl, target().ingestKey, [
    textFile(
      'jury.txt',
      'Jury duty. Jurors report to the assembly room on the first floor at 8 a.m. Parking is free.',
    ),
  ]);
}, 90_000);

describe('Streaming (stream true)', () => {
  it('1. responds text/event-stream with `data: ` chunk frames ending with `data: [DONE]`', async () => {
    const s = await stream();
    expect(s.status, s.text).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.endedWithDone).toBe(true);
    expect(s.frames.filter((f) => f.data === '[DONE]')).toHaveLength(1);
    for (const f of s.frames) expect(f.raw.startsWith('data: ')).toBe(true);
    const chunks = s.events as unknown as Chunk[];
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.object).toBe('chat.completion.chunk');
      expect(c.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
      expect(c.model).toBe(await target().botSlug());
    }
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it('2. starts with a delta of role assistant and empty content', async () => {
    const s = await stream();
    const first = (s.events as unknown as Chunk[])[0]!;
    expect(first.choices[0]!.delta.role).toBe('assistant');
    expect(first.choices[0]!.delta.content).toBe('');
  });

  it('3. sends citations on the finish chunk as delta.citations when the bot cites', async (ctx) => {
    const s = await stream();
    const chunks = s.events as unknown as Chunk[];
    const finish = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finish).toHaveLength(1);
    const f = finish[0]!;
    expect(f.choices[0]!.finish_reason).toBe('stop');
    for (const c of chunks) if (c !== f) expect(c.choices[0]?.delta).not.toHaveProperty('citations');
    if (target().botCites !== true) ctx.skip('set CHATBOT_API_BOT_CITES=true when the default bot cites');
    const citations = f.choices[0]!.delta.citations as { source_index: number }[];
    expect(Array.isArray(citations)).toBe(true);
    const text = chunks.map((c) => (c.choices[0]?.delta.content as string | undefined) ?? '').join('');
    // Markers may straddle deltas: check them on the joined text.
    const markers = new Set([...text.matchAll(/\[Source (\d+)\]/g)].map((m) => Number(m[1])));
    for (const n of markers) expect(citations.some((c) => c.source_index === n)).toBe(true);
  });

  it('3. leaves delta.citations absent on the finish chunk when the bot does not cite', async (ctx) => {
    const model = await need(ctx, () => target().nonCitingModel());
    const s = await stream({ model });
    expect(s.status, s.text).toBe(200);
    const chunks = s.events as unknown as Chunk[];
    const finish = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finish).toHaveLength(1);
    for (const c of chunks) expect(c.choices[0]?.delta ?? {}).not.toHaveProperty('citations');
  });

  it('3. streams the same answer text as the non-streaming response', async () => {
    const s = await stream();
    const text = (s.events as unknown as Chunk[])
      .map((c) => (c.choices[0]?.delta.content as string | undefined) ?? '')
      .join('');
    const whole = await call(target().url('/chat/completions'), 'POST', {
      key: target().chatKey,
      json: { messages: [{ role: 'user', content: QUESTION }] },
    });
    const content = (whole.body as { choices: { message: { content: string } }[] }).choices[0]!.message
      .content;
    expect(text.length).toBeGreaterThan(0);
    if (target().kind === 'local') expect(text).toBe(content);
  });

  it('4. adds a final chunk with empty choices and usage when include_usage is set', async () => {
    const s = await stream({ stream_options: { include_usage: true } });
    const chunks = s.events as unknown as Chunk[];
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(last.usage!.total_tokens).toBe(last.usage!.prompt_tokens + last.usage!.completion_tokens);
    expect(chunks.filter((c) => c.usage)).toHaveLength(1);
  });

  it('4. sends no usage chunk without include_usage', async () => {
    const s = await stream();
    const chunks = s.events as unknown as Chunk[];
    expect(chunks.every((c) => c.choices.length === 1)).toBe(true);
    expect(chunks.filter((c) => c.usage)).toHaveLength(0);
  });

  it('validates the request before the stream starts: a normal 400 JSON error', async () => {
    const s = await stream({ n: 2 });
    expect(s.status).toBe(400);
    expect(s.headers.get('content-type')).toMatch(/^application\/json/);
    expect400({ status: s.status, headers: s.headers, text: s.text, body: JSON.parse(s.text) }, 'n');
  });
});
