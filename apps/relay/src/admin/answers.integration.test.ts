import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamEventMap } from '@amicus/protocol';
import type { WireTryExplanation } from '@amicus/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, readEvents, widgetApi } from '../../test/helpers.js';
import { startStack } from '../../test/stack.js';
import { startTestRelay, type TestRelay } from '../testing.js';
import { AdminTestClient } from './testing/admin-client.js';

// Issue 11, sections 4 and 6, on the real relay and the real chatbot-api seeded with the demo court site:
// staff set who can help, visitors' declined and legal-advice answers name them, and Try it explains.

const HELP = {
  contact: {
    name: { en: "the Clerk's Office", es: 'la Secretaría del Tribunal' },
    phone: '(555) 010-0100',
    url: 'https://court.example/contact',
    hours: { en: 'Monday to Friday 8 a.m. to 4 p.m.', es: 'de lunes a viernes de 8 a 16 h' },
  },
  referral: {
    self_help: { en: 'the Self-Help Center (Room 120)', es: 'el Centro de Autoayuda (sala 120)' },
    lawyer_referral: {
      en: 'the County Bar lawyer referral service, (555) 010-0300',
      es: 'el servicio de referencia de abogados del Colegio, (555) 010-0300',
    },
  },
};
const CONTACT_EN =
  "the Clerk's Office, (555) 010-0100, Monday to Friday 8 a.m. to 4 p.m., https://court.example/contact";
const REFERRAL_EN =
  'the Self-Help Center (Room 120) or the County Bar lawyer referral service, (555) 010-0300';

interface HelpBody {
  contact: typeof HELP.contact;
  referral: typeof HELP.referral;
  rendered: Record<string, string>;
  updated_at: string | null;
  updated_by: string | null;
}

interface TryBody {
  answer: string;
  citations: { index: number; title: string; url: string | null; document_id: string }[];
  explanation: WireTryExplanation | null;
}

let stack: Awaited<ReturnType<typeof startStack>>;
let admin: AdminTestClient;

beforeAll(async () => {
  stack = await startStack({ seed: true });
  admin = await new AdminTestClient(stack.relay.url).login('admin', 'test-admin-password');
});
afterAll(async () => {
  await stack?.close();
});

/** A visitor's question in a new conversation, as the widget asks it; the finished answer's text. */
async function visitorAnswer(question: string): Promise<string> {
  const api = widgetApi(stack.relay.url, ORIGIN);
  const token = await api.session();
  const id = await api.conversation(token);
  const events = await readEvents(await api.ask(token, id, question));
  const done = events.at(-1);
  expect(done?.event).toBe('done');
  return (done?.data as StreamEventMap['done'] | undefined)?.message.content ?? '';
}

describe('GET and PUT /admin/api/settings/help', () => {
  it('starts empty and sends nothing, so the upstream uses its general wording', async () => {
    const { status, body } = await admin.json<HelpBody>('/settings/help');
    expect(status).toBe(200);
    expect(body.contact.name).toEqual({ en: '', es: '' });
    expect(body.rendered).toEqual({});
    expect(body.updated_at).toBeNull();
    expect(await visitorAnswer('how do I renew my passport')).toMatch(/clerk's office/i);
  });

  it('stores the fields, renders one phrase per language and audits the change', async () => {
    const put = await admin.send<HelpBody>('PUT', '/settings/help', HELP);
    expect(put.status).toBe(200);
    expect(put.body.rendered).toEqual({
      help_contact: CONTACT_EN,
      help_contact_es:
        'la Secretaría del Tribunal, (555) 010-0100, de lunes a viernes de 8 a 16 h, https://court.example/contact',
      legal_referral: REFERRAL_EN,
      legal_referral_es:
        'el Centro de Autoayuda (sala 120) o el servicio de referencia de abogados del Colegio, (555) 010-0300',
    });
    const get = await admin.json<HelpBody>('/settings/help');
    expect(get.body).toMatchObject({ contact: HELP.contact, referral: HELP.referral, updated_by: 'admin' });
    expect(get.body.updated_at).not.toBeNull();
    const audit = await admin.json<{ data: { action: string; detail: { after: unknown } }[] }>(
      '/audit?action=settings.help.update',
    );
    expect(audit.body.data[0]?.detail.after).toEqual(HELP);
  });

  it.each([
    [{ contact: { name: { en: 'Clerk\u0007' } } }, 'contact.name.en'],
    [{ contact: { name: { en: 'Clerk', es: 'line\nbreak' } } }, 'contact.name.es'],
    [{ contact: { name: { en: 'Clerk' }, url: 'javascript:alert(1)' } }, 'contact.url'],
    [{ contact: { name: { en: 'Clerk' }, url: 'https://user:pw@court.example/' } }, 'contact.url'],
    [{ contact: { name: { en: 'Clerk' }, phone: 'call us' } }, 'contact.phone'],
    [{ contact: { phone: '555 0100' } }, 'contact.name.en'],
    [{ contact: { name: { en: 'a long name '.repeat(11) } } }, 'contact.name.en'],
    [{ contact: { name: { en: 'Clerk', fr: 'Greffe' } } }, 'contact.name.fr'],
    [{ contact: { fax: '555' } }, 'contact.fax'],
    [{ referral: { self_help: 'the center' } }, 'referral.self_help'],
    [{ referral: { lawyer_referral: { en: 42 } } }, 'referral.lawyer_referral.en'],
    [{ referral: { self_help: { en: 'see [Source 2]' } } }, 'referral.self_help.en'],
    [{ help: {} }, 'help'],
  ])('refuses %j with 400 naming %s, and keeps what was stored', async (body, param) => {
    const { status, body: error } = await admin.send<{ error: { code: string; param: string } }>(
      'PUT',
      '/settings/help',
      body,
    );
    expect(status).toBe(400);
    expect(error.error).toMatchObject({ code: 'invalid_request', param });
    expect((await admin.json<HelpBody>('/settings/help')).body.contact.phone).toBe(HELP.contact.phone);
  });

  it('refuses a change without the CSRF token or from another origin', async () => {
    const noCsrf = await fetch(`${admin.base}/settings/help`, {
      method: 'PUT',
      headers: {
        cookie: admin.auth.cookie ?? '',
        origin: stack.relay.url,
        'content-type': 'application/json',
      },
      body: JSON.stringify(HELP),
    });
    expect(noCsrf.status).toBe(403);
    const signedOut = await fetch(`${admin.base}/settings/help`);
    expect(signedOut.status).toBe(401);
  });
});

describe('visitor conversations carry the configured contacts', () => {
  it('answers an out-of-scope question with the configured contact', async () => {
    await admin.send('PUT', '/settings/help', HELP);
    const answer = await visitorAnswer('how do I renew my passport');
    expect(answer).toContain(CONTACT_EN);
  });

  it('answers a legal-advice question with the configured referral, in English and Spanish', async () => {
    await admin.send('PUT', '/settings/help', HELP);
    expect(await visitorAnswer('Should I plead guilty?')).toContain(REFERRAL_EN);
    expect(await visitorAnswer('¿Debo declararme culpable?')).toContain('el Centro de Autoayuda (sala 120)');
  });

  it('uses the new text in conversations created after a change', async () => {
    const changed = structuredClone(HELP);
    changed.contact.name.en = 'the Records Desk';
    await admin.send('PUT', '/settings/help', changed);
    expect(await visitorAnswer('how do I renew my passport')).toContain('the Records Desk, (555) 010-0100');
    await admin.send('PUT', '/settings/help', HELP);
  });
});

describe('POST /admin/api/try', () => {
  it('returns the answer, its citations and why: passages with scores, intents, concepts, outcome', async () => {
    const { status, body } = await admin.send<TryBody>('POST', '/try', {
      question: 'What should I bring for jury duty?',
    });
    expect(status).toBe(200);
    expect(body.answer.length).toBeGreaterThan(0);
    expect(body.citations.length).toBeGreaterThan(0);
    const e = body.explanation;
    expect(e).not.toBeNull();
    expect(e?.outcome).toBe('answered');
    expect(e?.language).toBe('en');
    expect(e?.passages.length).toBeGreaterThan(0);
    expect(e?.passages[0]?.title).not.toBe('');
    expect(typeof e?.passages[0]?.score).toBe('number');
    expect(e?.concepts.some((c) => c.weight > 0)).toBe(true);
    expect(e?.reason).not.toBe('');
  });

  it('says why it declined, and names the configured contact', async () => {
    await admin.send('PUT', '/settings/help', HELP);
    const { body } = await admin.send<TryBody>('POST', '/try', { question: 'how do I renew my passport' });
    expect(body.explanation?.outcome).toBe('not_found');
    expect(body.explanation?.reason).not.toBe('');
    expect(body.answer).toContain(CONTACT_EN);
  });

  it.each([
    [{}, 'question'],
    [{ question: '   ' }, 'question'],
    [{ question: 42 }, 'question'],
    [{ question: 'why\u0000' }, 'question'],
    [{ question: 'why? '.repeat(801) }, 'question'],
  ])('refuses %j with 400 naming %s', async (body, param) => {
    const { status, body: error } = await admin.send<{ error: { param: string } }>('POST', '/try', body);
    expect(status).toBe(400);
    expect(error.error.param).toBe(param);
  });

  it('is for signed-in staff only, with the CSRF token', async () => {
    const anonymous = await fetch(`${admin.base}/try`, {
      method: 'POST',
      headers: { origin: stack.relay.url, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'hours?' }),
    });
    expect(anonymous.status).toBe(401);
    const noCsrf = await fetch(`${admin.base}/try`, {
      method: 'POST',
      headers: {
        cookie: admin.auth.cookie ?? '',
        origin: stack.relay.url,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ question: 'hours?' }),
    });
    expect(noCsrf.status).toBe(403);
    const get = await admin.fetch('/try');
    expect(get.status).toBe(405);
  });
});

describe('POST /admin/api/try against an upstream without explanations (the provider)', () => {
  let provider: Server;
  let relay: TestRelay;
  const sent: Record<string, unknown>[] = [];

  beforeAll(async () => {
    // Stands in for the provider, which ignores our extensions: a contract-shaped completion, no explanation.
    provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        sent.push(JSON.parse(raw || '{}') as Record<string, unknown>);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'bot',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: 'Hello.',
                  refusal: null,
                  tool_calls: null,
                  citations: [],
                },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    relay = await startTestRelay({
      upstreamBaseUrl: `http://127.0.0.1:${port}/v1`,
      chatKey: `svc_sk_${'c'.repeat(59)}`,
      ingestKey: `svc_sk_${'i'.repeat(59)}`,
      allowedOrigins: [ORIGIN],
    });
  });
  afterAll(async () => {
    await relay?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('returns explanation null, having asked for one with the help metadata', async () => {
    const staff = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
    await staff.send('PUT', '/settings/help', HELP);
    const { status, body } = await staff.send<TryBody>('POST', '/try', { question: 'When are you open?' });
    expect(status).toBe(200);
    expect(body).toEqual({ answer: 'Hello.', citations: [], explanation: null });
    const request = sent.find((b) => Array.isArray(b.messages));
    expect(request).toMatchObject({
      amicus_explain: true,
      stream: false,
      metadata: { help_contact: CONTACT_EN, legal_referral: REFERRAL_EN },
    });
  });

  it('allows a staff member 20 questions a minute, then 429 with Retry-After', async () => {
    const staff = await new AdminTestClient(relay.url).login('admin', 'test-admin-password');
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) {
      last = await staff.fetch('/try', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: `Question ${i}?` }),
      });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await last?.json()) as { error: { code: string } } | undefined;
    expect(body?.error.code).toBe('rate_limited');
  });
});
