import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { expect400, expectEnvelope } from '../src/expect-error.js';
import { useTarget } from '../src/fixture.js';
import { type ApiResponse, call } from '../src/http.js';
import { multipart, type Part } from '../src/multipart.js';

const target = useTarget();

interface JsonEndpoint {
  path: () => string;
  key: () => string;
  valid: Record<string, unknown>;
}

let conversationId = '';
const ENDPOINTS: JsonEndpoint[] = [
  {
    path: () => '/chat/completions',
    key: () => target().chatKey,
    valid: {
      model: 'default',
      messages: [{ role: 'user', content: 'Hello' }],
      temperature: 0.5,
      stream: false,
    },
  },
  {
    path: () => '/embeddings',
    key: () => target().chatKey,
    valid: { input: ['a', 'b'], encoding_format: 'float' },
  },
  { path: () => '/conversations', key: () => target().chatKey, valid: { metadata: { a: 'b' } } },
  {
    path: () => `/conversations/${conversationId}/messages`,
    key: () => target().chatKey,
    valid: { content: 'Hi' },
  },
  {
    path: () => '/ingest/crawl',
    key: () => target().ingestKey,
    valid: { namespace: 'fuzz', seed_urls: ['http://10.0.0.1/'], max_pages: 5 },
  },
];

const post = (ep: JsonEndpoint, body: string | Uint8Array) =>
  call(target().url(ep.path()), 'POST', {
    key: ep.key(),
    body,
    headers: { 'content-type': 'application/json' },
  });

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Never a 5xx; every error has the envelope. */
function expectNoServerError(res: ApiResponse) {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  if (res.status >= 400) expectEnvelope(res);
}

const malformedJson = fc
  .oneof(
    fc.string({ minLength: 1 }),
    fc.json().map((s) => s.slice(0, Math.max(1, s.length - 1))),
    fc.json().chain((s) => fc.nat(s.length).map((i) => `${s.slice(0, i)}}${s.slice(i)}`)),
    fc.constantFrom(
      '{',
      '{"a":}',
      "{'a':1}",
      '{"a":1,}',
      '[1,2',
      'NaN',
      '{"a":01}',
      '{"a":"\\x"}',
      'undefined',
      '\u0000',
    ),
  )
  .filter((s) => s.trim() !== '' && !parses(s));

const invalidUtf8 = fc.uint8Array({ minLength: 1, maxLength: 64 }).filter((b) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return false;
  } catch {
    return true;
  }
});

/** A valid body with one field replaced by (or added as) an arbitrary JSON value. */
const mutated = (ep: JsonEndpoint) =>
  fc
    .tuple(fc.constantFrom(...Object.keys(ep.valid), 'extra'), fc.jsonValue({ maxDepth: 3 }))
    .map(([field, value]) => JSON.stringify({ ...ep.valid, [field]: value }));

/** Objects whose own keys shadow what JavaScript calls when it turns a value into text or copies it. */
const SHADOWING: readonly unknown[] = [
  { toString: '' },
  { valueOf: 1, toString: null },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: 'x', hasOwnProperty: 1 },
  { toJSON: 'x', length: 3 },
];

/** Each field of a valid body, and each key of an object inside an array field, replaced by `value`. */
function withValueEverywhere(valid: Record<string, unknown>, value: unknown): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  for (const [field, original] of [...Object.entries(valid), ['extra', undefined] as const]) {
    bodies.push({ ...valid, [field]: value }, { ...valid, [field]: [value] });
    const first = Array.isArray(original) ? original[0] : undefined;
    if (first && typeof first === 'object') {
      for (const key of Object.keys(first)) bodies.push({ ...valid, [field]: [{ ...first, [key]: value }] });
    }
    if (original && typeof original === 'object' && !Array.isArray(original)) {
      for (const key of Object.keys(original))
        bodies.push({ ...valid, [field]: { ...original, [key]: value } });
    }
  }
  return bodies;
}

beforeAll(async () => {
  const res = await call(target().url('/conversations'), 'POST', { key: target().chatKey, json: {} });
  conversationId = (res.body as { id: string }).id;
});

describe('Bad input (property-based)', () => {
  for (const ep of ENDPOINTS) {
    const name = ep.path().replace(/\/conversations\/[^/]*\//, '/conversations/{id}/');
    it(`answers malformed JSON on POST ${name} with 400, param null and the envelope`, {
      timeout: 120_000,
    }, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(malformedJson, invalidUtf8), async (body) => {
          expect400(await post(ep, body), null);
        }),
        { numRuns: target().fuzzRuns },
      );
    });

    it(`never answers well-formed JSON of the wrong shape on POST ${name} with a 5xx; errors have the envelope`, {
      timeout: 120_000,
    }, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            mutated(ep),
            fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          ),
          async (body) => {
            expectNoServerError(await post(ep, body));
          },
        ),
        { numRuns: target().fuzzRuns },
      );
    });
  }

  it('never answers an object shadowing a built-in name, in any field, with a 5xx', async () => {
    for (const ep of ENDPOINTS) {
      for (const value of SHADOWING) {
        for (const body of withValueEverywhere(ep.valid, value)) {
          expectNoServerError(await post(ep, JSON.stringify(body)));
        }
      }
    }
  });

  it('never answers malformed multipart bodies on POST /ingest/files with a 5xx; every error has the envelope', {
    timeout: 120_000,
  }, async () => {
    const part: fc.Arbitrary<Part> = fc.record(
      {
        name: fc.constantFrom('file', 'namespace', 'other', '', 'file[]'),
        filename: fc.oneof(
          fc.constantFrom('a.txt', 'b.pdf', 'c.docx', 'd.md', '.txt', 'x'),
          fc.string({ maxLength: 20 }).map((s) => s.replace(/["\r\n]/g, '')),
        ),
        contentType: fc.constantFrom('text/plain', 'application/pdf', 'application/octet-stream'),
        content: fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.string({ maxLength: 200 })),
      },
      { requiredKeys: ['name', 'content'] },
    );
    const corruption = fc.constantFrom(
      'none',
      'truncate',
      'no-final-boundary',
      'wrong-boundary',
      'no-boundary-param',
      'garbage',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 4 }),
        corruption,
        fc.nat(),
        fc.uint8Array({ maxLength: 300 }),
        async (parts, how, cut, garbage) => {
          const form = multipart(parts, 'fuzzBoundary');
          let body: Uint8Array = form.body;
          let contentType = form.contentType;
          if (how === 'truncate') body = body.subarray(0, cut % (body.length + 1));
          if (how === 'no-final-boundary') body = body.subarray(0, Math.max(0, body.length - 18));
          if (how === 'wrong-boundary') contentType = 'multipart/form-data; boundary=otherBoundary';
          if (how === 'no-boundary-param') contentType = 'multipart/form-data';
          if (how === 'garbage') body = garbage;
          const res = await call(target().url('/ingest/files'), 'POST', {
            key: target().ingestKey,
            body,
            headers: { 'content-type': contentType },
          });
          expectNoServerError(res);
        },
      ),
      { numRuns: target().fuzzRuns * 3 },
    );
  });
});

describe('Bad input in paths and query strings (property-based)', () => {
  const segment = fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('%', '%E0%A4%A', '..', '%2F', '%00', 'null', ' ', '\u00e9'),
  );

  it('answers any id on the id routes with 404 not_found or another 4xx, never a 5xx', {
    timeout: 120_000,
  }, async () => {
    const routes: [string, (id: string) => string, 'chat' | 'ingest'][] = [
      ['GET', (id) => `/conversations/${id}`, 'chat'],
      ['GET', (id) => `/documents/${id}`, 'ingest'],
      ['GET', (id) => `/ingest/jobs/${id}`, 'ingest'],
      ['GET', (id) => `/ingest/crawl/${id}`, 'ingest'],
      ['GET', (id) => `/models/${id}`, 'chat'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), segment, async ([method, path, scope], raw) => {
        // Raw `%` sequences test undecodable escapes; everything else is sent encoded.
        const id = raw.startsWith('%') ? raw : encodeURIComponent(raw);
        const res = await call(target().url(path(id)), method, {
          key: scope === 'chat' ? target().chatKey : target().ingestKey,
        });
        expectNoServerError(res);
      }),
      { numRuns: target().fuzzRuns },
    );
  });

  it('answers any query on GET /documents without a 5xx; errors have the envelope', {
    timeout: 120_000,
  }, async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
      fc.constantFrom('', '0', '1001', 'ready', 'upload'),
    );
    const query = fc.dictionary(
      fc.constantFrom('limit', 'after', 'namespace', 'status', 'source_type', 'x'),
      value,
    );
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await call(target().url(`/documents?${new URLSearchParams(q).toString()}`), 'GET', {
          key: target().ingestKey,
        });
        expectNoServerError(res);
      }),
      { numRuns: target().fuzzRuns },
    );
  });
});
