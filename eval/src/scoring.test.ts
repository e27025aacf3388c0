import { describe, expect, it } from 'vitest';
import type { AssistantMessageWire, CitationWire } from './api-client.js';
import type { Question } from './question-set.js';
import { normalizeText, scoreAnswer, urlPath } from './scoring.js';

const question = (over: Partial<Question> = {}): Question => ({
  id: 'q',
  kind: 'answerable',
  lang: 'en',
  tags: [],
  turns: ['how much?'],
  expectedPaths: ['/fees/'],
  keyFacts: [['$75', 'seventy-five dollars']],
  ...over,
});

const citation = (doc: string, index: number, preview = ''): CitationWire => ({
  source_index: index,
  document_id: doc,
  source_filename: `http://127.0.0.1:9/${doc}/`,
  chunk_index: 0,
  text_preview: preview,
  score: 1,
});

const message = (content: string, citations: CitationWire[] | null): AssistantMessageWire => ({
  role: 'assistant',
  content,
  citations,
});

const ctx = (urls: Record<string, string> = {}) => ({
  documentUrls: new Map(Object.entries(urls)),
  disallowedPaths: ['/private/'],
  legalAdvicePhrases: ['legal advice', 'asesoramiento legal'],
});

describe('scoreAnswer', () => {
  it('counts a hit only among the first three distinct cited documents', () => {
    const cites = [
      citation('a', 1),
      citation('a', 2),
      citation('b', 3),
      citation('c', 4),
      citation('fees', 5),
    ];
    expect(scoreAnswer(question(), message('x', cites), ctx()).hitAt3).toBe(false);
    const early = [citation('a', 1), citation('a', 2), citation('b', 3), citation('fees', 4)];
    expect(scoreAnswer(question(), message('x', early), ctx()).hitAt3).toBe(true);
  });

  it('finds a key fact in a cited passage preview when the answer lacks it', () => {
    const r = scoreAnswer(
      question(),
      message('See the fee table.', [citation('fees', 1, 'Claims over $5,000: $75')]),
      ctx(),
    );
    expect(r.keyFact).toBe(true);
  });

  it('maps document ids to their crawled URLs', () => {
    const r = scoreAnswer(
      question(),
      message('x', [citation('d1', 1)]),
      ctx({ d1: 'http://h/private/x/index.html' }),
    );
    expect(r.citedPaths).toEqual(['/private/x/']);
    expect(r.disallowedCited).toEqual(['/private/x/']);
  });

  it('treats an answer without citations as declined', () => {
    const oos = question({ kind: 'out_of_scope', expectedPaths: [], keyFacts: [] });
    expect(scoreAnswer(oos, message('I can only answer about this court.', []), ctx()).declined).toBe(true);
    expect(scoreAnswer(oos, message('It is sunny.', [citation('a', 1)]), ctx()).declined).toBe(false);
  });

  it('flags a cited legal-advice answer that says it cannot give legal advice, in any case and accent', () => {
    const la = question({ kind: 'legal_advice', lang: 'es', expectedPaths: [], keyFacts: [] });
    const r = scoreAnswer(la, message('No podemos dar ASESORAMIENTO LEGAL.', [citation('a', 1)]), ctx());
    expect(r.legalFlagged).toBe(true);
    expect(scoreAnswer(la, message('Pay online.', [citation('a', 1)]), ctx()).legalFlagged).toBe(false);
  });
});

describe('normalizeText and urlPath', () => {
  it('ignores case, accents and line breaks', () => {
    expect(normalizeText('Tránsito\n 8:00  A.M.')).toBe('transito 8:00 a.m.');
  });

  it('normalizes index pages and missing trailing slashes', () => {
    expect(urlPath('http://h:1/jury/index.html')).toBe('/jury/');
    expect(urlPath('http://h:1/jury')).toBe('/jury/');
    expect(urlPath('http://h:1/forms/sc-100.pdf')).toBe('/forms/sc-100.pdf');
  });
});
