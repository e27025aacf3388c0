import type { Citation } from '@amicus/chatbot-client';
import type { WireCitation } from '@amicus/protocol';

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A readable name from a file name or URL when the upstream gave no title: `pay-a-ticket.html` → `Pay a ticket`. */
export function titleFromSource(source: string): string {
  let base = source;
  if (isWebUrl(source)) {
    const url = new URL(source);
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    base = last ? decodeURIComponent(last) : url.hostname;
  }
  const words = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  if (words === '') return source;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function toWireCitation(citation: Citation): WireCitation {
  const title =
    typeof citation.title === 'string' && citation.title.trim() !== '' ? citation.title.trim() : null;
  return {
    index: citation.source_index,
    title: title ?? titleFromSource(citation.source_filename),
    url: isWebUrl(citation.source_filename) ? citation.source_filename : null,
    preview: citation.text_preview,
    documentId: citation.document_id,
    chunkIndex: citation.chunk_index,
  };
}

export const toWireCitations = (citations: Citation[] | null | undefined): WireCitation[] =>
  (citations ?? []).map(toWireCitation);
