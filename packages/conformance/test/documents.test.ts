import { beforeAll, describe, expect, it } from 'vitest';
import { expect400, expectError, RFC3339_MICROS, UUID } from '../src/expect-error.js';
import { textFile } from '../src/files/sample-files.js';
import { need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { ingest } from '../src/ingest.js';

const target = useTarget();
const get = (path: string) => call(target().url(path), 'GET', { key: target().ingestKey });
const del = (path: string) => call(target().url(path), 'DELETE', { key: target().ingestKey });

interface Doc {
  id: string;
  object: string;
  status: string;
  created_at: string;
  updated_at: string;
}
interface DocList {
  object: string;
  data: Doc[];
}

let ids: string[] = [];

beforeAll(async () => {
  const t = Math.random().toString(36).slice(2, 8);
  const { accepted } = await ingest(
    target().baseUrl,
    target().ingestKey,
    Array.from({ length: 5 }, (_, i) =>
      textFile(`doc-${i}-${t}.txt`, `Document ${i} of set ${t}: small claims procedure.`),
    ),
    'docs_test',
  );
  ids = accepted.document_ids;
}, 90_000);

describe('Documents', () => {
  describe('GET /documents/{documentId}', () => {
    it('returns the document with id, status and RFC 3339 timestamps with six fractional digits', async () => {
      const res = await get(`/documents/${ids[0]}`);
      expect(res.status, res.text).toBe(200);
      const d = res.body as Doc;
      expect(d.id).toBe(ids[0]);
      expect(d.id).toMatch(UUID);
      expect(['processing', 'ready', 'failed']).toContain(d.status);
      expect(d.created_at).toMatch(RFC3339_MICROS);
      expect(d.updated_at).toMatch(RFC3339_MICROS);
      // Millisecond precision: the last three of the six digits are zeros.
      expect(d.created_at).toMatch(/\.\d{3}000Z$/);
      expect(Date.parse(d.updated_at)).toBeGreaterThanOrEqual(Date.parse(d.created_at));
    });

    it('returns 404 not_found for unknown and malformed ids', async () => {
      expectError(await get('/documents/00000000-0000-4000-8000-000000000000'), 404, { code: 'not_found' });
      expectError(await get('/documents/xyz'), 404, { code: 'not_found' });
    });

    it("hides another account's documents (404 not_found)", async (ctx) => {
      const other = await need(ctx, () => target().otherAccount());
      const res = await call(target().url(`/documents/${ids[0]}`), 'GET', { key: other.ingestKey });
      expectError(res, 404, { code: 'not_found' });
    });

    it("lists only the caller's documents and cannot delete another account's", async (ctx) => {
      const other = await need(ctx, () => target().otherAccount());
      const list = await call(target().url('/documents?limit=1000'), 'GET', { key: other.ingestKey });
      expect(list.status).toBe(200);
      const listed = (list.body as DocList).data.map((d) => d.id);
      for (const id of ids) expect(listed).not.toContain(id);
      expectError(await call(target().url(`/documents/${ids[0]}`), 'DELETE', { key: other.ingestKey }), 404, {
        code: 'not_found',
      });
      expect((await get(`/documents/${ids[0]}`)).status).toBe(200);
      expect400(
        await call(target().url(`/documents?after=${ids[0]}`), 'GET', { key: other.ingestKey }),
        'after',
      );
    });
  });

  describe('GET /documents (cursor list)', () => {
    it('returns a list envelope with object and data', async () => {
      const res = await get('/documents');
      expect(res.status, res.text).toBe(200);
      const l = res.body as DocList;
      expect(l.object).toBe('list');
      expect(Array.isArray(l.data)).toBe(true);
      expect(l.data.length).toBeLessThanOrEqual(100);
    });

    it('pages with limit and after without repeating or skipping documents', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 10; i++) {
        const res = await get(`/documents?namespace=docs_test&limit=2${after ? `&after=${after}` : ''}`);
        expect(res.status, res.text).toBe(200);
        const page = (res.body as DocList).data;
        expect(page.length).toBeLessThanOrEqual(2);
        if (page.length === 0) break;
        seen.push(...page.map((d) => d.id));
        after = page.at(-1)!.id;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...ids].sort());
    });

    it('filters by namespace', async () => {
      const res = await get('/documents?namespace=no_such_namespace');
      expect(res.status).toBe(200);
      expect((res.body as DocList).data).toEqual([]);
    });

    it('filters by status', async () => {
      const res = await get('/documents?namespace=docs_test&status=ready');
      expect(res.status).toBe(200);
      for (const d of (res.body as DocList).data) expect(d.status).toBe('ready');
    });

    it('rejects limit outside 1 to 1000 with param limit', async () => {
      for (const limit of ['0', '1001', '-1', 'abc', '1.5', ''])
        expect400(await get(`/documents?limit=${limit}`), 'limit');
      expect((await get('/documents?limit=1000')).status).toBe(200);
      expect((await get('/documents?limit=1')).status).toBe(200);
    });

    it('rejects an unknown after cursor with param after', async () => {
      expect400(await get('/documents?after=00000000-0000-4000-8000-000000000000'), 'after');
      expect400(await get('/documents?after=garbage'), 'after');
    });

    it('rejects an empty namespace value with param namespace', async () => {
      expect400(await get('/documents?namespace='), 'namespace');
    });
  });

  describe('DELETE /documents/{documentId}', () => {
    it('deletes synchronously, returning id, object document.deleted, deleted true and chunks_deleted', async () => {
      const id = ids.at(-1)!;
      const res = await del(`/documents/${id}`);
      expect(res.status, res.text).toBe(200);
      const body = res.body as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['chunks_deleted', 'deleted', 'id', 'object']);
      expect(body.id).toBe(id);
      expect(body.object).toBe('document.deleted');
      expect(body.deleted).toBe(true);
      expect(Number.isInteger(body.chunks_deleted)).toBe(true);
      expect(body.chunks_deleted as number).toBeGreaterThan(0);
      expectError(await get(`/documents/${id}`), 404, { code: 'not_found' });
    });

    it('returns 404 not_found on a second delete', async () => {
      const id = ids.at(-2)!;
      expect((await del(`/documents/${id}`)).status).toBe(200);
      expectError(await del(`/documents/${id}`), 404, { code: 'not_found' });
    });

    it('treats a deleted document id as an unknown cursor (400 param after)', async () => {
      const id = ids.at(-1)!;
      expectError(await get(`/documents/${id}`), 404, { code: 'not_found' });
      expect400(await get(`/documents?after=${id}`), 'after');
    });
  });
});
