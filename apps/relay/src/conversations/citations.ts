import type { WireCitation } from '@amicus/protocol';
import { cleanText, isRecord } from './untrusted.js';

/**
 * Citations come from the upstream and are treated as untrusted: any field may be missing, of the
 * wrong type, oversized or undecodable. A citation without a usable index (the N of `[Source N]`)
 * is dropped; every other bad field falls back to a safe value. Nothing here throws.
 */

const MAX_CITATIONS = 50;
const MAX_TITLE = 300;
const MAX_PREVIEW = 2_000;
const MAX_URL = 2_048;
const MAX_ID = 200;

/** The normalized http(s) URL, or null: other schemes, credentials and oversized URLs are never links. */
function webUrl(value: string): URL | null {
  if (value.length > MAX_URL) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url;
  } catch {
    return null;
  }
}

const decodeOrKeep = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    // `%E0%A4%A` and the like: the encoded form is still a readable name.
    return segment;
  }
};

/** A readable name from a file name or URL when the upstream gave no title: `pay-a-ticket.html` → `Pay a ticket`. */
export function titleFromSource(source: string): string {
  let base = source;
  const url = webUrl(source);
  if (url) {
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    base = last ? decodeOrKeep(last) : url.hostname;
  }
  const words = cleanText(base, MAX_TITLE)
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return cleanText(source, MAX_TITLE).trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Public address and title staff gave a document (an uploaded file has no address of its own), by
 * upstream document id. A link's URL was checked when staff saved it; it is checked again here.
 */
export type DocumentLinkLookup = ReadonlyMap<string, { url: string | null; title: string | null }>;

/** One upstream citation as the widget shows it, or null when it cannot be placed in the answer. */
export function toWireCitation(citation: unknown, links?: DocumentLinkLookup): WireCitation | null {
  if (!isRecord(citation)) return null;
  const index = citation.source_index;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return null;
  const source = typeof citation.source_filename === 'string' ? citation.source_filename : '';
  const given = typeof citation.title === 'string' ? cleanText(citation.title, MAX_TITLE).trim() : '';
  const documentId = typeof citation.document_id === 'string' ? cleanText(citation.document_id, MAX_ID) : '';
  const link = documentId === '' ? undefined : links?.get(documentId.toLowerCase());
  const linkTitle = link?.title ? cleanText(link.title, MAX_TITLE).trim() : '';
  const title = linkTitle || given || titleFromSource(source) || `Source ${index}`;
  const chunk = citation.chunk_index;
  return {
    index,
    title,
    url: (link?.url ? webUrl(link.url)?.href : undefined) ?? webUrl(source)?.href ?? null,
    preview: typeof citation.text_preview === 'string' ? cleanText(citation.text_preview, MAX_PREVIEW) : '',
    documentId,
    chunkIndex: typeof chunk === 'number' && Number.isSafeInteger(chunk) && chunk >= 0 ? chunk : 0,
  };
}

export function toWireCitations(citations: unknown, links?: DocumentLinkLookup): WireCitation[] {
  if (!Array.isArray(citations)) return [];
  const wire: WireCitation[] = [];
  for (const citation of citations) {
    if (wire.length >= MAX_CITATIONS) break;
    const mapped = toWireCitation(citation, links);
    if (mapped) wire.push(mapped);
  }
  return wire;
}

/** Citations the relay stored earlier, with the links as staff set them now. */
export function relinkCitations(
  citations: readonly WireCitation[],
  links: DocumentLinkLookup,
): WireCitation[] {
  return citations.map((c) => {
    const link = links.get(c.documentId.toLowerCase());
    if (!link) return c;
    const url = link.url ? (webUrl(link.url)?.href ?? c.url) : c.url;
    const title = link.title ? cleanText(link.title, MAX_TITLE).trim() || c.title : c.title;
    return { ...c, url, title };
  });
}
