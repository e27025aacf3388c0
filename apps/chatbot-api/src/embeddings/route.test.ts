import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, type Wire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

let api: TestChatbotApi;
beforeAll(async () => {
  api = await startTestChatbotApi();
});
afterAll(() => api.close());

const embed = async (body: unknown) => {
  const res = await fetch(`${api.url}/embeddings`, {
    method: 'POST',
    headers: authHeaders(api.chatKey),
    body: JSON.stringify(body),
  });
  return { res, json: (await res.json()) as Wire };
};

describe('POST /v1/embeddings', () => {
  it('returns 1024-dimensional float vectors in the standard shape', async () => {
    const { res, json } = await embed({ input: ['jury duty', 'traffic ticket'], input_type: 'search_query' });
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ object: 'list', model: 'default' });
    expect(json.data).toHaveLength(2);
    expect(json.data[1]).toMatchObject({ object: 'embedding', index: 1 });
    expect(json.data[0].embedding).toHaveLength(1024);
    expect(json.usage.prompt_tokens).toBe(json.usage.total_tokens);
  });

  it('encodes base64 as little-endian float32 equal to the float form', async () => {
    const float = await embed({ input: 'small claims', model: 'm' });
    const b64 = await embed({ input: 'small claims', model: 'm', encoding_format: 'base64' });
    expect(b64.json.model).toBe('m');
    const bytes = Buffer.from(b64.json.data[0].embedding, 'base64');
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
    expect(decoded).toEqual(float.json.data[0].embedding);
  });

  it('counts the 100,000-character limit in code points', async () => {
    const emoji = '\u{1F600}';
    expect((await embed({ input: emoji.repeat(50_001) })).res.status).toBe(200);
    const over = await embed({ input: ['a', emoji.repeat(100_001)] });
    expect(over.res.status).toBe(400);
    expect(over.json.error.param).toBe('input[1]');
  });

  it.each([
    [{ input: '' }, 'input'],
    [{ input: [] }, 'input'],
    [{ input: ['a', ''] }, 'input[1]'],
    [{ input: ['a', 3] }, 'input[1]'],
    [{ input: Array.from({ length: 97 }, () => 'a') }, 'input[96]'],
    [{ input: 'a', dimensions: 512 }, 'dimensions'],
    [{ input: 'a', dimensions: '1024' }, 'dimensions'],
    [{ input: 'a', encoding_format: 'int8' }, 'encoding_format'],
    [{ input: 'a', input_type: 'query' }, 'input_type'],
  ])('rejects %j with param %s', async (body, param) => {
    const { res, json } = await embed(body);
    expect(res.status).toBe(400);
    expect(json.error.param).toBe(param);
  });
});
