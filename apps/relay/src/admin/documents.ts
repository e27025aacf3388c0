import type { ChatbotClient, Document, DocumentStatus, ListDocumentsQuery } from '@amicus/chatbot-client';
import type { WireDocumentPage } from '@amicus/protocol/admin';

/** Upper bound on upstream documents one name search request walks through. */
export const SEARCH_SCAN_LIMIT = 5_000;
const UPSTREAM_PAGE = 1_000;

/** The admin API's page of documents, with the upstream's documents typed as such for the relay's own use. */
export interface DocumentPage extends WireDocumentPage {
  data: Document[];
}

export interface DocumentFilters {
  namespace?: string;
  status?: DocumentStatus;
  source_type?: string;
}

// The contract does not name the document's filename fields, so search every plausible one.
const NAME_FIELDS = ['filename', 'source_filename', 'name', 'title', 'source_url', 'url'];

export function matchesName(doc: Document, needle: string): boolean {
  const lower = needle.toLowerCase();
  return NAME_FIELDS.some((field) => {
    const value = doc[field];
    return typeof value === 'string' && value.toLowerCase().includes(lower);
  });
}

function upstreamHasMore(page: { data: Document[]; [extra: string]: unknown }, limit: number): boolean {
  return typeof page.has_more === 'boolean' ? page.has_more : page.data.length === limit;
}

/** One upstream page, reshaped into our envelope. */
export async function listPage(
  client: ChatbotClient,
  filters: DocumentFilters,
  limit: number,
  after: string | undefined,
): Promise<DocumentPage> {
  const query: ListDocumentsQuery = { ...filters, limit, ...(after ? { after } : {}) };
  const page = await client.listDocuments(query);
  const hasMore = upstreamHasMore(page, limit);
  return { data: page.data, has_more: hasMore, next_cursor: hasMore ? (page.data.at(-1)?.id ?? null) : null };
}

/**
 * Name search done relay-side: the upstream has none, so walk its pages with the same filters and keep
 * matches, stopping at `limit` matches or SEARCH_SCAN_LIMIT scanned. The cursor is the last document
 * scanned (not the last match), so the next request resumes the walk exactly where this one stopped.
 */
export async function searchByName(
  client: ChatbotClient,
  filters: DocumentFilters,
  needle: string,
  limit: number,
  after: string | undefined,
): Promise<DocumentPage> {
  const matches: Document[] = [];
  let cursor = after;
  let scanned = 0;
  while (scanned < SEARCH_SCAN_LIMIT) {
    const page = await client.listDocuments({
      ...filters,
      limit: UPSTREAM_PAGE,
      ...(cursor ? { after: cursor } : {}),
    });
    const more = upstreamHasMore(page, UPSTREAM_PAGE);
    for (const doc of page.data) {
      scanned++;
      cursor = doc.id;
      if (matchesName(doc, needle)) matches.push(doc);
      if (matches.length === limit) {
        const isLast = !more && doc === page.data.at(-1);
        return { data: matches, has_more: !isLast, next_cursor: isLast ? null : doc.id };
      }
    }
    if (!more || page.data.length === 0) return { data: matches, has_more: false, next_cursor: null };
  }
  return { data: matches, has_more: true, next_cursor: cursor ?? null };
}

/** Namespaces seen in listings, so the namespace picker knows about documents uploaded elsewhere. */
export function namespacesIn(docs: Document[]): string[] {
  const seen = new Set<string>();
  for (const doc of docs) if (typeof doc.namespace === 'string') seen.add(doc.namespace);
  return [...seen];
}
