import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/fixtures/multipart.js';
import { validateCrawlBody } from '../crawl/validate.js';
import { HttpError } from '../http/http-error.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

let api: TestChatbotApi;
beforeAll(async () => {
  api = await startTestChatbotApi();
});
afterAll(() => api.close());

async function post(body: Buffer, contentType: string): Promise<number> {
  const res = await fetch(`${api.url}/ingest/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.ingestKey}`, 'content-type': contentType },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe('POST /v1/ingest/files under bad input', () => {
  it('answers raw garbage with a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom(
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'text/plain',
        ),
        async (bytes, type) => {
          const status = await post(Buffer.from(bytes), type);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers well-formed multipart with arbitrary names and contents with 202 or 400', async () => {
    const part = fc.oneof(
      fc.record({ name: fc.constantFrom('file', 'namespace', 'x'), value: fc.string({ maxLength: 40 }) }),
      fc.record({
        name: fc.constantFrom('file', 'file', 'other'),
        filename: fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom('a.txt', 'b.pdf', 'c.docx', 'd.html', 'e.csv', 'f.md', 'g.eml', 'h.xlsx'),
        ),
        data: fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a)),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 6 }), async (parts) => {
        const { body, contentType } = multipartBody(parts);
        const status = await post(body, contentType);
        expect([202, 400]).toContain(status);
      }),
      { numRuns: 60 },
    );
  });
});

describe('validateCrawlBody under bad input', () => {
  it('returns parameters or throws a 400, for any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              namespace: fc.oneof(fc.string(), fc.jsonValue()),
              seed_urls: fc.oneof(
                fc.array(fc.oneof(fc.string(), fc.jsonValue()), { maxLength: 3 }),
                fc.jsonValue(),
              ),
              max_pages: fc.jsonValue(),
              max_depth: fc.jsonValue(),
              rate_limit_rps: fc.jsonValue(),
              respect_robots_txt: fc.jsonValue(),
              allowed_domains: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          try {
            await validateCrawlBody(body, []);
          } catch (err) {
            expect(err).toBeInstanceOf(HttpError);
            expect((err as HttpError).status).toBe(400);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
