import type { StreamEventMap, WireMessage } from '@amicus/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, readEvents, widgetApi } from './helpers.js';
import { startStack } from './stack.js';

type Stack = Awaited<ReturnType<typeof startStack>>;
let plain: Stack;
let transcribed: Stack;

beforeAll(async () => {
  [plain, transcribed] = await Promise.all([
    startStack({ seed: true, relay: { env: { LIMIT_VISITOR_PER_MINUTE: '25' } } }),
    startStack({ seed: true, relay: { env: { TRANSCRIPTS: 'true' } } }),
  ]);
});
afterAll(async () => {
  await plain?.close();
  await transcribed?.close();
});

const CITED = 'How do I pay a traffic ticket?';
const DECLINED = 'Which colour is the moon of Neptune called Zyxwvut?';

async function answered(stack: Stack, question = CITED) {
  const api = widgetApi(stack.relay.url);
  const token = await api.session();
  const id = await api.conversation(token);
  const events = await readEvents(await api.ask(token, id, question));
  const done = events.at(-1) as { event: string; data: StreamEventMap['done'] };
  expect(done.event).toBe('done');
  return { api, token, id, message: done.data.message as WireMessage };
}

const rate = (api: ReturnType<typeof widgetApi>, token: string, body: unknown) =>
  api.call('/api/feedback', { method: 'POST', token, body: JSON.stringify(body) });

interface RatingRow {
  rating: string;
  declined: boolean;
  cited: unknown;
  question: string | null;
  comment: string | null;
}
const ratingsOf = (stack: Stack, id: string) =>
  stack.relay.deps.sql.query<RatingRow>(
    'SELECT rating, declined, cited, question, comment FROM feedback_ratings WHERE conversation_id = $1',
    [id],
  );
const declinedOf = (stack: Stack, id: string) =>
  stack.relay.deps.sql.query<{ question: string | null }>(
    'SELECT question FROM feedback_declined WHERE conversation_id = $1',
    [id],
  );
const citedOf = (row: RatingRow | undefined) =>
  (typeof row?.cited === 'string' ? JSON.parse(row.cited) : row?.cited) as { documentId: string }[];

describe('POST /api/feedback', () => {
  it('stores the outcome and the cited documents, without any text while transcripts are off', async () => {
    const { api, token, id, message } = await answered(plain);
    const res = await rate(api, token, {
      conversation_id: id,
      message_index: 1,
      rating: 'up',
      comment: 'Great',
    });
    expect(res.status).toBe(204);
    const [row] = await ratingsOf(plain, id);
    expect(row).toMatchObject({ rating: 'up', declined: false, question: null, comment: null });
    const ids = new Set(message.citations.map((c) => c.documentId));
    expect(
      citedOf(row)
        .map((d) => d.documentId)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('replaces an earlier rating of the same answer (idempotent per message)', async () => {
    const { api, token, id } = await answered(plain);
    for (const rating of ['up', 'down', 'down']) {
      expect((await rate(api, token, { conversation_id: id, message_index: 1, rating })).status).toBe(204);
    }
    const rows = await ratingsOf(plain, id);
    expect(rows.map((r) => r.rating)).toEqual(['down']);
  });

  it('keeps the question and the comment when transcripts are on, and forgets them with the conversation', async () => {
    const { api, token, id } = await answered(transcribed);
    const comment = 'Says nothing about online payment 😕';
    expect(
      (await rate(api, token, { conversation_id: id, message_index: 1, rating: 'down', comment })).status,
    ).toBe(204);
    expect(await ratingsOf(transcribed, id)).toMatchObject([{ rating: 'down', question: CITED, comment }]);
    expect((await api.call(`/api/conversations/${id}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await ratingsOf(transcribed, id)).toMatchObject([
      { rating: 'down', question: null, comment: null },
    ]);
  });

  it('records declined answers, with their question only when transcripts are on', async () => {
    const off = await answered(plain, DECLINED);
    const on = await answered(transcribed, DECLINED);
    expect(off.message.citations).toEqual([]);
    expect(await declinedOf(plain, off.id)).toEqual([{ question: null }]);
    expect(await declinedOf(transcribed, on.id)).toEqual([{ question: DECLINED }]);
    // A rating of a declined answer says so.
    expect(
      (await rate(on.api, on.token, { conversation_id: on.id, message_index: 1, rating: 'down' })).status,
    ).toBe(204);
    expect(await ratingsOf(transcribed, on.id)).toMatchObject([{ declined: true, question: DECLINED }]);
    // Cited answers are not declined events.
    const cited = await answered(plain);
    expect(await declinedOf(plain, cited.id)).toEqual([]);
  });

  it('records each question of a message that found nothing while the others were answered', async () => {
    const message = `${CITED} ${DECLINED}`;
    const on = await answered(transcribed, message);
    const off = await answered(plain, message);
    // The answer cites the page that answers the first question…
    expect(on.message.citations.length).toBeGreaterThan(0);
    // …and staff see the second one, as the visitor wrote it (only its count while transcripts are off).
    expect(await declinedOf(transcribed, on.id)).toEqual([{ question: DECLINED }]);
    expect(await declinedOf(plain, off.id)).toEqual([{ question: null }]);
    // The extension stays between the relay and the upstream.
    expect(Object.keys(on.message)).not.toContain('amicus_unanswered');
  });

  it("leaves questions staff try on the relay's own pages (Try it) out of the declined events", async () => {
    const host = new URL(plain.relay.url).host;
    const headers = (token?: string) => ({
      origin: plain.relay.url,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    const session = await rawRequest(`${plain.relay.url}/api/sessions`, {
      method: 'POST',
      headers: headers(),
    });
    expect(session.status, host).toBe(201);
    const { token } = JSON.parse(session.body) as { token: string };
    const created = await rawRequest(`${plain.relay.url}/api/conversations`, {
      method: 'POST',
      headers: headers(token),
    });
    const { id } = JSON.parse(created.body) as { id: string };
    const answer = await rawRequest(`${plain.relay.url}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: headers(token),
      body: JSON.stringify({ content: DECLINED }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('event: done');
    expect(await declinedOf(plain, id)).toEqual([]);
  });

  it('answers 404 for a conversation of another visitor, exactly as for an unknown one', async () => {
    const { api, id } = await answered(plain);
    const mallory = await api.session();
    const foreign = await rate(api, mallory, { conversation_id: id, message_index: 1, rating: 'down' });
    const unknown = await rate(api, mallory, {
      conversation_id: '3f2b7c1e-0000-4000-8000-000000000000',
      message_index: 1,
      rating: 'down',
    });
    const garbage = await rate(api, mallory, {
      conversation_id: 'not-an-id',
      message_index: 1,
      rating: 'down',
    });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(garbage.status).toBe(404);
    const body = await foreign.json();
    expect(await unknown.json()).toEqual(body);
    expect(await ratingsOf(plain, id)).toEqual([]);
  });

  it('refuses a request without a visitor token', async () => {
    const api = widgetApi(plain.relay.url);
    const res = await api.call('/api/feedback', {
      method: 'POST',
      body: JSON.stringify({
        conversation_id: '3f2b7c1e-0000-4000-8000-000000000000',
        message_index: 1,
        rating: 'up',
      }),
    });
    expect(res.status).toBe(401);
  });

  it('answers 400 naming the field at fault', async () => {
    const { api, token, id } = await answered(plain);
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{ message_index: 1, rating: 'up' }, 'conversation_id'],
      [{ conversation_id: 7, message_index: 1, rating: 'up' }, 'conversation_id'],
      [{ conversation_id: id, rating: 'up' }, 'message_index'],
      [{ conversation_id: id, message_index: -1, rating: 'up' }, 'message_index'],
      [{ conversation_id: id, message_index: 1.5, rating: 'up' }, 'message_index'],
      [{ conversation_id: id, message_index: '1', rating: 'up' }, 'message_index'],
      // Index 0 is the question, 9 does not exist: neither is an answer.
      [{ conversation_id: id, message_index: 0, rating: 'up' }, 'message_index'],
      [{ conversation_id: id, message_index: 9, rating: 'up' }, 'message_index'],
      [{ conversation_id: id, message_index: 1 }, 'rating'],
      [{ conversation_id: id, message_index: 1, rating: 'meh' }, 'rating'],
      [{ conversation_id: id, message_index: 1, rating: 'up', comment: 5 }, 'comment'],
      [{ conversation_id: id, message_index: 1, rating: 'up', comment: 'x'.repeat(501) }, 'comment'],
      [{ conversation_id: id, message_index: 1, rating: 'up', comment: 'bell \u0007' }, 'comment'],
      [{ conversation_id: id, message_index: 1, rating: 'up', comment: 'nul \u0000' }, 'comment'],
      [{ conversation_id: id, message_index: 1, rating: 'up', comment: 'half \ud83d' }, 'comment'],
    ];
    for (const [body, param] of cases) {
      const res = await rate(api, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param);
    }
    // 500 code points are fine even when they are 1,000 UTF-16 units.
    const emoji = '😀'.repeat(500);
    expect(
      (await rate(api, token, { conversation_id: id, message_index: 1, rating: 'up', comment: emoji }))
        .status,
    ).toBe(204);
    const malformed = await api.call('/api/feedback', { method: 'POST', token, body: '{"rating":' });
    expect(malformed.status).toBe(400);
  });

  it('is rate-limited per visitor', async () => {
    const { api, token, id } = await answered(plain);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await rate(api, token, { conversation_id: id, message_index: 1, rating: 'up' })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
});
