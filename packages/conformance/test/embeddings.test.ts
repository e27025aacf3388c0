import { describe, expect, it } from 'vitest';
import { expect400 } from '../src/expect-error.js';
import { useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';

const target = useTarget();

interface EmbeddingList {
  object: string;
  model: string;
  data: { object: string; index: number; embedding: number[] | string }[];
  usage: { prompt_tokens: number; total_tokens: number };
}

const embed = (json: Record<string, unknown>) =>
  call(target().url('/embeddings'), 'POST', { key: target().chatKey, json });

async function ok(json: Record<string, unknown>): Promise<EmbeddingList> {
  const res = await embed(json);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.body as EmbeddingList;
}

describe('Embeddings', () => {
  it('returns the standard embeddings response with a 1024-dimensional float vector', async () => {
    const r = await ok({ input: 'Where is the courthouse?' });
    expect(r.object).toBe('list');
    expect(r.data).toHaveLength(1);
    expect(r.data[0]!.object).toBe('embedding');
    expect(r.data[0]!.index).toBe(0);
    const v = r.data[0]!.embedding as number[];
    expect(v).toHaveLength(1024);
    expect(v.every((x) => typeof x === 'number' && Number.isFinite(x))).toBe(true);
    expect(r.usage.prompt_tokens).toBeGreaterThan(0);
    expect(r.usage.total_tokens).toBe(r.usage.prompt_tokens);
  });

  it('echoes model as a label, `default` when omitted', async () => {
    expect((await ok({ input: 'x' })).model).toBe('default');
    expect((await ok({ input: 'x', model: 'text-embedding-3-small' })).model).toBe('text-embedding-3-small');
  });

  it('accepts an array of 1 to 96 strings, returning one vector per input in order', async () => {
    const input = Array.from({ length: 96 }, (_, i) => `passage ${i}`);
    const r = await ok({ input });
    expect(r.data.map((d) => d.index)).toEqual(input.map((_, i) => i));
  });

  it('rejects more than 96 inputs with param input[96]', async () => {
    expect400(await embed({ input: Array.from({ length: 97 }, (_, i) => `p${i}`) }), 'input[96]');
  });

  it('rejects an empty array, a missing input or a non-string input with param input', async () => {
    expect400(await embed({ input: [] }), 'input');
    expect400(await embed({}), 'input');
    expect400(await embed({ input: 5 }), 'input');
    expect400(await embed({ input: null }), 'input');
  });

  it('rejects an empty string with param input or input[i]', async () => {
    expect400(await embed({ input: '' }), 'input');
    expect400(await embed({ input: ['a', ''] }), 'input[1]');
    expect400(await embed({ input: ['a', 7] }), 'input[1]');
  });

  it('accepts 100,000 characters per input and rejects 100,001', async () => {
    await ok({ input: 'a'.repeat(100_000) });
    expect400(await embed({ input: 'a'.repeat(100_001) }), 'input');
    expect400(await embed({ input: ['ok', 'a'.repeat(100_001)] }), 'input[1]');
  });

  it('returns base64 little-endian float32 vectors equal to the float ones', async () => {
    const f = await ok({ input: 'Jury duty', encoding_format: 'float' });
    const b = await ok({ input: 'Jury duty', encoding_format: 'base64' });
    const raw = Buffer.from(b.data[0]!.embedding as string, 'base64');
    expect(raw.length).toBe(4096);
    const floats = Array.from({ length: 1024 }, (_, i) => raw.readFloatLE(i * 4));
    const expected = (f.data[0]!.embedding as number[]).map((x) => Math.fround(x));
    expect(floats).toEqual(expected);
  });

  it('rejects another encoding_format with param encoding_format', async () => {
    expect400(await embed({ input: 'x', encoding_format: 'hex' }), 'encoding_format');
  });

  it('accepts dimensions 1024 and rejects any other value with param dimensions', async () => {
    await ok({ input: 'x', dimensions: 1024 });
    for (const d of [512, 1536, 0, 1024.5])
      expect400(await embed({ input: 'x', dimensions: d }), 'dimensions');
  });

  it('accepts input_type search_document (default) and search_query, and rejects others', async () => {
    const doc = await ok({ input: 'fees', input_type: 'search_document' });
    const def = await ok({ input: 'fees' });
    expect(def.data[0]!.embedding).toEqual(doc.data[0]!.embedding);
    await ok({ input: 'fees', input_type: 'search_query' });
    expect400(await embed({ input: 'x', input_type: 'classification' }), 'input_type');
  });

  it('is deterministic: the same input gives the same vector', async () => {
    const a = await ok({ input: ['Small claims court', 'Traffic tickets'] });
    const b = await ok({ input: ['Small claims court', 'Traffic tickets'] });
    expect(a.data.map((d) => d.embedding)).toEqual(b.data.map((d) => d.embedding));
    expect(a.data[0]!.embedding).not.toEqual(a.data[1]!.embedding);
  });
});
