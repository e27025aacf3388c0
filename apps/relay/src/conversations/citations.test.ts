import { describe, expect, it } from 'vitest';
import { relinkCitations, titleFromSource, toWireCitation, toWireCitations } from './citations.js';

const citation = {
  source_index: 2,
  document_id: 'd1',
  source_filename: 'https://court.example/traffic/pay-a-ticket.html',
  chunk_index: 3,
  text_preview: 'Pay online…',
  score: 1.5,
};

describe('toWireCitation', () => {
  it('uses the title extension field and links http(s) sources', () => {
    expect(toWireCitation({ ...citation, title: 'Paying a ticket' })).toEqual({
      index: 2,
      title: 'Paying a ticket',
      url: 'https://court.example/traffic/pay-a-ticket.html',
      preview: 'Pay online…',
      documentId: 'd1',
      chunkIndex: 3,
    });
  });

  it('derives a title when none is given and never links an uploaded file', () => {
    expect(toWireCitation(citation)?.title).toBe('Pay a ticket');
    const file = toWireCitation({ ...citation, source_filename: 'jury_duty-faq.pdf' });
    expect(file).toMatchObject({ title: 'Jury duty faq', url: null });
    expect(toWireCitation({ ...citation, source_filename: 'javascript:alert(1)' })?.url).toBeNull();
  });

  it('falls back to the host name for a site root', () => {
    expect(titleFromSource('https://court.example/')).toBe('Court.example');
  });
});

describe('toWireCitations with hostile upstream data', () => {
  it('keeps a citation whose URL cannot be percent-decoded, without throwing', () => {
    const [wire] = toWireCitations([
      { ...citation, source_filename: 'https://court.example/forms/%E0%A4%A' },
    ]);
    expect(wire).toMatchObject({ index: 2, title: '%E0%A4%A', url: 'https://court.example/forms/%E0%A4%A' });
  });

  it('drops citations without a usable index and defaults every other bad field', () => {
    const wire = toWireCitations([
      null,
      'text',
      { ...citation, source_index: '2' },
      { ...citation, source_index: -1 },
      {
        source_index: 4,
        title: 42,
        source_filename: { evil: true },
        text_preview: ['x'],
        document_id: null,
        chunk_index: 1.5,
      },
    ]);
    expect(wire).toEqual([
      { index: 4, title: 'Source 4', url: null, preview: '', documentId: '', chunkIndex: 0 },
    ]);
    expect(toWireCitations('not a list')).toEqual([]);
    expect(toWireCitations(undefined)).toEqual([]);
  });

  it('never links credentials, oversized URLs or other schemes, and strips control characters', () => {
    const at = (source_filename: string) => toWireCitation({ ...citation, source_filename })?.url;
    expect(at('https://user:pw@court.example/a')).toBeNull();
    expect(at(`https://court.example/${'a'.repeat(3000)}`)).toBeNull();
    expect(at('data:text/html,<script>')).toBeNull();
    const wire = toWireCitation({
      ...citation,
      title: 'A\u0000B\u001b[31m\ud800',
      text_preview: 'x'.repeat(5000),
    });
    expect(wire?.title).toBe('AB[31m\ufffd');
    expect(wire?.preview.length).toBe(2000);
  });
});

describe('document links set by staff', () => {
  const upload = {
    source_index: 1,
    source_filename: 'fw-001_scan.pdf',
    document_id: 'ABC',
    text_preview: 'p',
  };

  it("link an uploaded file's citation to its public address, under its display title", () => {
    const links = new Map([['abc', { url: 'https://court.example/fw-001.pdf', title: 'Fee waiver form' }]]);
    expect(toWireCitation(upload, links)).toMatchObject({
      url: 'https://court.example/fw-001.pdf',
      title: 'Fee waiver form',
    });
    expect(toWireCitations([upload], new Map())[0]).toMatchObject({ url: null, title: 'Fw 001 scan' });
  });

  it('keep the upstream title without a display title, and never link an unsafe stored address', () => {
    const links = new Map([['abc', { url: 'javascript:alert(1)', title: null }]]);
    expect(toWireCitation(upload, links)).toMatchObject({ url: null, title: 'Fw 001 scan' });
  });

  it('apply to citations stored earlier', () => {
    const stored = toWireCitations([upload]);
    const links = new Map([['abc', { url: 'https://court.example/fw-001.pdf', title: null }]]);
    expect(relinkCitations(stored, links)[0]).toMatchObject({ url: 'https://court.example/fw-001.pdf' });
  });
});
