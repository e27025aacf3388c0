import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/accounts.js';
import { addAlias, createBot, updateBot } from '../accounts/bots.js';
import { issueKey } from '../accounts/keys.js';
import { authHeaders, fetchWire } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

let api: TestChatbotApi;
beforeAll(async () => {
  api = await startTestChatbotApi();
});
afterAll(() => api.close());

const get = (path: string) => fetchWire(`${api.url}${path}`, { headers: authHeaders(api.chatKey) });

describe('GET /v1/models', () => {
  it('lists enabled bots in an OpenAI list envelope, with their aliases', async () => {
    addAlias(api.deps.db, api.accountId, 'court', api.botSlug);
    const off = createBot(api.deps.db, { accountId: api.accountId, slug: 'off-bot', now: new Date() });
    updateBot(api.deps.db, off.id, { enabled: false });
    const res = await get('/models');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.object).toBe('list');
    expect(body.data).toEqual([
      {
        id: api.botSlug,
        object: 'model',
        created: expect.any(Number),
        owned_by: 'account',
        aliases: ['court'],
      },
    ]);
  });
});

describe('GET /v1/models/{modelId}', () => {
  it('resolves default and aliases to the canonical model', async () => {
    expect((await (await get('/models/default')).json()).id).toBe(api.botSlug);
    expect((await (await get('/models/court')).json()).id).toBe(api.botSlug);
  });

  it('returns 404 model_not_found for disabled and unknown ids alike', async () => {
    const disabled = await (await get('/models/off-bot')).json();
    const unknown = await (await get('/models/nothing-here')).json();
    expect(disabled.error).toMatchObject({
      code: 'model_not_found',
      param: 'model',
      type: 'invalid_request_error',
    });
    expect(unknown.error.code).toBe('model_not_found');
    expect(disabled.error.message).not.toContain('off-bot.');
  });
});

describe('an account without bots', () => {
  it('answers with the built-in default assistant and hints to omit the model', async () => {
    const account = createAccount(api.deps.db, 'No bots', new Date());
    const { key } = await issueKey(api.deps.db, { accountId: account.id, scopes: ['chat'], now: new Date() });
    const headers = authHeaders(key);
    const list = await (await fetchWire(`${api.url}/models`, { headers })).json();
    expect(list.data.map((m: { id: string }) => m.id)).toEqual(['default']);
    const ask = (model?: string) =>
      fetchWire(`${api.url}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...(model ? { model } : {}), messages: [{ role: 'user', content: 'hi' }] }),
      });
    expect((await (await ask()).json()).model).toBe('default');
    const missing = await (await ask('court-assistant')).json();
    expect(missing.error.code).toBe('model_not_found');
    expect(missing.error.message).toMatch(/omit the model field to use the default assistant/);
  });
});
