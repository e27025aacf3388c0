import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { chunkDocument } from './chunking.js';
import { searchPassages } from './search.js';
import { insertDocument, storeChunks } from './store.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

function addDoc(
  accountId: string,
  namespace: string,
  title: string,
  paragraphs: string[],
  url?: string,
): string {
  const id = randomUUID();
  insertDocument(
    deps.db,
    {
      id,
      accountId,
      jobId: null,
      namespace,
      filename: url ?? `${title}.txt`,
      title: null,
      sourceType: url ? 'crawl' : 'upload',
      sourceUrl: url ?? null,
      bytes: 1,
      contentType: 'text/plain',
      contentHash: id,
      spoolPath: null,
    },
    new Date(),
  );
  const chunks = chunkDocument({
    title,
    blocks: paragraphs.map((text) => ({ kind: 'text', headings: [title], text })),
  });
  storeChunks(deps.db, id, title, chunks, new Date());
  return id;
}

describe('searchPassages', () => {
  it('finds the passage that answers the question, with its citation fields', () => {
    const traffic = addDoc(
      'acc',
      'general',
      'Traffic tickets',
      ['Pay your traffic ticket online, by mail or in person at the clerk window.'],
      'https://court.example/traffic/',
    );
    addDoc('acc', 'general', 'Jury duty', ['Jurors serve one day or one trial. Postpone online.']);
    const [top] = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: null,
      query: 'How do I pay a traffic ticket?',
      limit: 5,
    });
    expect(top?.documentId).toBe(traffic);
    expect(top?.sourceFilename).toBe('https://court.example/traffic/');
    expect(top?.title).toBe('Traffic tickets');
    expect(top?.chunkIndex).toBe(0);
    expect(top?.headingPath).toEqual(['Traffic tickets']);
    expect(top?.text).toBe('Pay your traffic ticket online, by mail or in person at the clerk window.');
    expect(top?.score).toBeGreaterThan(0);
    expect(top?.score).toBeLessThanOrEqual(1);
    expect(top?.relevance).toMatchObject({ matchedTerms: 3, queryTerms: 3, coverage: 1 });
    expect(top?.relevance?.bm25).toBeGreaterThan(0);
  });

  it('is accent-insensitive in both directions', () => {
    const id = addDoc('acc', 'general', 'Información', ['Información sobre la corte de reclamos menores.']);
    expect(
      searchPassages(deps.db, {
        accountId: 'acc',
        namespaces: null,
        query: 'informacion reclamos',
        limit: 3,
      })[0]?.documentId,
    ).toBe(id);
    const id2 = addDoc('acc', 'general', 'Tramites', ['Tramites de divorcio en linea.']);
    expect(
      searchPassages(deps.db, {
        accountId: 'acc',
        namespaces: null,
        query: 'trámites de divorcio',
        limit: 3,
      })[0]?.documentId,
    ).toBe(id2);
  });

  it('never returns another account or a namespace outside the filter', () => {
    addDoc('other', 'general', 'Traffic', ['Traffic ticket payments.']);
    const mine = addDoc('acc', 'traffic', 'Traffic', ['Traffic ticket payments.']);
    addDoc('acc', 'family', 'Traffic family', ['Traffic ticket payments for families.']);
    const hits = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: ['traffic'],
      query: 'traffic ticket',
      limit: 10,
    });
    expect(hits.map((h) => h.documentId)).toEqual([mine]);
    expect(
      searchPassages(deps.db, { accountId: 'acc', namespaces: [], query: 'traffic', limit: 10 }),
    ).toEqual([]);
    expect(
      searchPassages(deps.db, { accountId: 'nobody', namespaces: null, query: 'traffic', limit: 10 }),
    ).toEqual([]);
  });

  it('treats FTS5 syntax in the query as plain words', () => {
    addDoc('acc', 'general', 'Forms', ['Forms NEAR the clerk office: "civil" AND family.']);
    for (const q of [
      '"',
      'NEAR(',
      'forms AND OR NOT *',
      'title:forms',
      '^forms',
      '(((',
      "'; DROP TABLE kb_chunks; --",
      '{col}: x',
    ]) {
      expect(() =>
        searchPassages(deps.db, { accountId: 'acc', namespaces: null, query: q, limit: 3 }),
      ).not.toThrow();
    }
    expect(
      searchPassages(deps.db, { accountId: 'acc', namespaces: null, query: 'forms AND OR NOT *', limit: 3 }),
    ).toHaveLength(1);
  });

  it('reaches word variants through the vector side and reports weak matches as such', () => {
    const id = addDoc('acc', 'general', 'Payments', ['Paying fines: the court accepts payments by card.']);
    const hits = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: null,
      query: 'payment options',
      limit: 3,
    });
    expect(hits[0]?.documentId).toBe(id);
    const none = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: null,
      query: 'volcano eruption',
      limit: 3,
    });
    expect(none).toEqual([]);
  });

  it('returns nothing for a query without words', () => {
    addDoc('acc', 'general', 'Forms', ['Forms.']);
    expect(searchPassages(deps.db, { accountId: 'acc', namespaces: null, query: '?!', limit: 3 })).toEqual(
      [],
    );
  });

  it('returns the heading path the chunk was stored under', () => {
    const id = addDoc('acc', 'general', 'Fees', ['placeholder']);
    const chunks = chunkDocument({
      title: 'Fees',
      blocks: [{ kind: 'text', headings: ['Fees', 'Waivers'], text: 'Ask the clerk for a fee waiver form.' }],
    });
    storeChunks(deps.db, id, 'Fees', chunks, new Date());
    const [top] = searchPassages(deps.db, { accountId: 'acc', namespaces: null, query: 'waiver', limit: 3 });
    expect(top?.headingPath).toEqual(['Fees', 'Waivers']);
  });

  it('matches Spanish words by their stem: "pagan" finds "pago" and "pagar"', () => {
    const fianza = addDoc('acc', 'general', 'Fianzas', ['El pago de la fianza se hace en la ventanilla.']);
    const multa = addDoc('acc', 'general', 'Multas', ['Puede pagar su multa por internet o por correo.']);
    addDoc('acc', 'general', 'Jurado', ['El servicio de jurado dura un día.']);
    const hits = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: null,
      query: '¿Dónde pagan?',
      limit: 5,
    });
    expect(new Set(hits.map((h) => h.documentId))).toEqual(new Set([fianza, multa]));
    expect(hits[0]?.relevance?.matchedTerms).toBe(1);
  });

  it('keeps the English ranking of English queries', () => {
    const exact = addDoc('acc', 'general', 'Payments', ['You can pay a traffic ticket online.']);
    addDoc('acc', 'general', 'Parking', ['Parking is free at the courthouse on weekends.']);
    const [top] = searchPassages(deps.db, {
      accountId: 'acc',
      namespaces: null,
      query: 'paying traffic tickets',
      limit: 3,
    });
    expect(top?.documentId).toBe(exact);
  });
});
