import { describe, expect, it } from 'vitest';
import type { AssistantMessageWire, CitationWire } from './api-client.js';
import { diagnoseMiss, type IndexedChunk } from './diagnose.js';
import type { Question } from './question-set.js';

const question = (over: Partial<Question> = {}): Question => ({
  id: 'q',
  kind: 'answerable',
  lang: 'en',
  tags: [],
  turns: ['how much is the filing fee?'],
  expectedPaths: ['/fees/'],
  keyFacts: [['$75', 'seventy-five dollars']],
  ...over,
});

const citation = (doc: string, index: number, chunk: number): CitationWire => ({
  source_index: index,
  document_id: doc,
  source_filename: `http://127.0.0.1:9/${doc}/`,
  chunk_index: chunk,
  text_preview: '',
  score: 1,
});

const message = (citations: CitationWire[]): AssistantMessageWire => ({
  role: 'assistant',
  content: 'An answer without the fact. [Source 1]',
  citations,
});

const chunk = (chunkIndex: number, heading: string, text: string): IndexedChunk => ({
  chunkIndex,
  headingPath: JSON.stringify(['Fees', heading]),
  text,
});

const site: Record<string, IndexedChunk[]> = {
  fees: [
    chunk(0, 'Overview', 'Filing a case costs money. Fees change every July.'),
    chunk(1, 'Filing fee', 'The filing fee is $75, paid at the clerk’s window.'),
    chunk(2, 'Waivers', 'Ask for a waiver if you cannot pay.'),
  ],
  parking: [chunk(0, 'Parking', 'Parking is free after 5 p.m.')],
};

const ctx = {
  documentUrls: new Map([
    ['fees', 'http://127.0.0.1:9/fees/'],
    ['parking', 'http://127.0.0.1:9/parking/'],
  ]),
  chunksOf: (id: string) => site[id] ?? [],
};

describe('diagnoseMiss', () => {
  it('tells a declined answer from one that cited other pages', () => {
    expect(diagnoseMiss(question(), message([]), ctx).kind).toBe('declined');
    expect(diagnoseMiss(question(), message([citation('parking', 1, 0)]), ctx).kind).toBe('other-page');
  });

  it('says "section" when another section of the cited expected page holds the fact, and names both', () => {
    const d = diagnoseMiss(question(), message([citation('parking', 1, 0), citation('fees', 2, 0)]), ctx);
    expect(d).toEqual({
      kind: 'section',
      cited: '#0 ["Fees","Overview"]',
      holding: ['#1 ["Fees","Filing fee"]'],
    });
  });

  it('says "sentence" when the cited section itself holds the fact the answer left out', () => {
    expect(diagnoseMiss(question(), message([citation('fees', 1, 1)]), ctx).kind).toBe('sentence');
  });

  it('says "split" when the page holds every fact but no section holds them all', () => {
    const q = question({ keyFacts: ['$75', 'waiver'] });
    expect(diagnoseMiss(q, message([citation('fees', 1, 0)]), ctx).kind).toBe('split');
  });

  it('says "absent" when the page does not hold the fact as the question set writes it', () => {
    const q = question({ keyFacts: ['$90'] });
    expect(diagnoseMiss(q, message([citation('fees', 1, 1)]), ctx).kind).toBe('absent');
  });
});
