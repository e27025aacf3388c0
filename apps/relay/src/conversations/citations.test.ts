import { describe, expect, it } from 'vitest';
import { titleFromSource, toWireCitation } from './citations.js';

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
    expect(toWireCitation(citation).title).toBe('Pay a ticket');
    const file = toWireCitation({ ...citation, source_filename: 'jury_duty-faq.pdf' });
    expect(file).toMatchObject({ title: 'Jury duty faq', url: null });
    expect(toWireCitation({ ...citation, source_filename: 'javascript:alert(1)' }).url).toBeNull();
  });

  it('falls back to the host name for a site root', () => {
    expect(titleFromSource('https://court.example/')).toBe('Court.example');
  });
});
