import { describe, expect, it } from 'vitest';
import { expectError } from '../src/expect-error.js';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';

const target = useTarget();
const get = (path: string) => call(target().url(path), 'GET', { key: target().chatKey });

describe('Models', () => {
  it('lists models in an OpenAI-style list envelope including the default bot', async () => {
    const res = await get('/models');
    expect(res.status).toBe(200);
    const body = res.body as { object: string; data: { id: string; object: string }[] };
    expect(body.object).toBe('list');
    expect(Array.isArray(body.data)).toBe(true);
    for (const m of body.data) expect(m.object).toBe('model');
    expect(body.data.map((m) => m.id)).toContain(await target().botSlug());
  });

  it('returns one model by slug', async () => {
    const slug = await target().botSlug();
    const res = await get(`/models/${slug}`);
    expect(res.status).toBe(200);
    expect((res.body as { id: string; object: string }).id).toBe(slug);
    expect((res.body as { object: string }).object).toBe('model');
  });

  it('resolves `default` to the account default bot', async () => {
    const res = await get('/models/default');
    expect(res.status).toBe(200);
    expect((res.body as { id: string }).id).toBe(await target().botSlug());
  });

  it('lists and resolves an enabled bot, and treats it as unknown once disabled', async (ctx) => {
    const bot = await need(ctx, () => target().disposableBot());
    expect((await get(`/models/${bot.slug}`)).status).toBe(200);
    const ids = () =>
      get('/models').then((r) => (r.body as { data: { id: string }[] }).data.map((m) => m.id));
    expect(await ids()).toContain(bot.slug);
    await bot.disable();
    expectError(await get(`/models/${bot.slug}`), 404, { code: 'model_not_found', param: 'model' });
    expect(await ids()).not.toContain(bot.slug);
    const chat = await call(target().url('/chat/completions'), 'POST', {
      key: target().chatKey,
      json: { model: bot.slug, messages: [{ role: 'user', content: 'Hi' }] },
    });
    expectError(chat, 404, { code: 'model_not_found', param: 'model' });
  });

  it("does not show another account's bots", async (ctx) => {
    const other = await need(ctx, () => target().otherAccount());
    const bot = await need(ctx, () => target().disposableBot());
    const res = await call(target().url(`/models/${bot.slug}`), 'GET', { key: other.chatKey });
    expectError(res, 404, { code: 'model_not_found' });
  });

  it('returns 404 model_not_found (param model) for an unknown or differently-cased id', async () => {
    expectError(await get('/models/no-such-bot-zz'), 404, { code: 'model_not_found', param: 'model' });
    const slug = await target().botSlug();
    expectError(await get(`/models/${slug.toUpperCase()}`), 404, { code: 'model_not_found', param: 'model' });
  });
});

describe('Health', () => {
  it('answers GET {server_url}/health with a JSON object whose status is ok, without a key', async () => {
    const res = await call(`${target().serverUrl}/health`, 'GET');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((res.body as { status: string }).status).toBe('ok');
  });

  it('lives only at the server root: /v1/health is an unknown route', async () => {
    const res = await call(target().url('/health'), 'GET');
    expectError(res, 404, { code: 'not_found', message: 'Unknown route.' });
  });
});
