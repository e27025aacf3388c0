import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

let api: TestChatbotApi;
let conversationPath: string;
beforeAll(async () => {
  api = await startTestChatbotApi();
  const res = await fetchWire(`${api.url}/conversations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.chatKey}` },
  });
  conversationPath = `/conversations/${(await res.json()).id}/messages`;
});
afterAll(() => api.close());

// Arbitrary JSON values, plus near-JSON text (truncations and junk) that must fail parsing cleanly.
const bodies = fc.oneof(
  fc.json(),
  fc.string(),
  fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
  fc
    .record({
      model: fc.anything(),
      messages: fc.oneof(fc.anything(), fc.array(fc.record({ role: fc.anything(), content: fc.anything() }))),
      input: fc.anything(),
      content: fc.anything(),
      metadata: fc.anything(),
      stream: fc.anything(),
      tools: fc.anything(),
      tool_choice: fc.anything(),
      response_format: fc.anything(),
    })
    .map((o) => JSON.stringify(o)),
);

describe('JSON endpoints under malformed bodies', () => {
  it('never answer 5xx, with or without a key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/chat/completions', '/embeddings', '/conversations', 'conversation'),
        bodies,
        fc.boolean(),
        async (path, body, withKey) => {
          const res = await fetchWire(`${api.url}${path === 'conversation' ? conversationPath : path}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              ...(withKey ? { Authorization: `Bearer ${api.chatKey}` } : {}),
            },
            body,
          });
          const text = await res.text();
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(JSON.parse(text).error.type).toBeTypeOf('string');
        },
      ),
      { numRuns: 150 },
    );
  });
});
