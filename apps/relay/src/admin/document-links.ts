import type { WireDocumentLink } from '@amicus/protocol/admin';
import type { SqlClient, SqlMigration } from '../storage/sql.js';
import { invalid } from './admin-error.js';
import { hasControlCharacters } from './text-input.js';

/**
 * Where staff publish an uploaded file and the title the public should see it under. Uploads have no
 * address of their own, so without this their citations cannot link anywhere. Keyed by the upstream
 * document id; read by the widget API on every answer, through a short per-database cache.
 */
export const documentLinkMigrations: SqlMigration[] = [
  {
    name: 'document_links_001',
    sql: `
      CREATE TABLE document_links (
        document_id TEXT PRIMARY KEY,
        url TEXT,
        title TEXT,
        updated_at TIMESTAMPTZ NOT NULL,
        updated_by TEXT
      );
    `,
  },
];

/** A document's public link as stored: the admin API's link without the id it is keyed by. */
export type DocumentLink = Omit<WireDocumentLink, 'document_id'>;

export const MAX_LINK_URL = 2_048;
export const MAX_LINK_TITLE = 200;

/** The `{ url, title }` body of `PUT /documents/:id/link`, or a 400 naming the field. */
export function readDocumentLink(body: unknown): DocumentLink {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: 'url' | 'title', max: number): string | null => {
    const value = record[name];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw invalid(`${name} must be text or null.`, name);
    const trimmed = value.trim();
    if (trimmed.length > max) throw invalid(`${name} may have at most ${max} characters.`, name);
    if (hasControlCharacters(trimmed)) throw invalid(`${name} must not contain control characters.`, name);
    return trimmed === '' ? null : trimmed;
  };
  const url = text('url', MAX_LINK_URL);
  const title = text('title', MAX_LINK_TITLE);
  if (url !== null) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid(
        'url must be a full web address, like https://court.example/forms/fee-waiver.pdf.',
        'url',
      );
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw invalid('url must start with https:// or http://.', 'url');
    }
    if (parsed.username !== '' || parsed.password !== '') {
      throw invalid('url must not contain a user name or password.', 'url');
    }
    return { url: parsed.href, title };
  }
  return { url, title };
}

const TTL_MS = 5_000;
const caches = new WeakMap<SqlClient, { at: number; links: Promise<ReadonlyMap<string, DocumentLink>> }>();

async function loadAll(sql: SqlClient): Promise<ReadonlyMap<string, DocumentLink>> {
  const rows = await sql.query<{ document_id: string; url: string | null; title: string | null }>(
    'SELECT document_id, url, title FROM document_links',
  );
  return new Map(rows.map((r) => [r.document_id, { url: r.url, title: r.title }]));
}

/**
 * Every document link, cached for a few seconds: other relay instances see a change within that
 * time, this one at once (a write clears its cache).
 */
export function documentLinks(
  sql: SqlClient,
  now: () => number = Date.now,
): Promise<ReadonlyMap<string, DocumentLink>> {
  const hit = caches.get(sql);
  if (hit && now() - hit.at < TTL_MS) return hit.links;
  const links = loadAll(sql).catch((error: unknown) => {
    caches.delete(sql);
    throw error;
  });
  caches.set(sql, { at: now(), links });
  return links;
}

/** A document of the upstream with its link (null when staff set none), as the admin API lists it. */
export function withPublicLink<T extends { id: string }>(
  doc: T,
  links: ReadonlyMap<string, DocumentLink>,
): T & { public_link: DocumentLink | null } {
  return { ...doc, public_link: links.get(doc.id) ?? null };
}

/** Sets (or, with both fields null, removes) a document's link. */
export async function saveDocumentLink(
  sql: SqlClient,
  documentId: string,
  link: DocumentLink,
  at: Date,
  by: string,
): Promise<void> {
  if (link.url === null && link.title === null) {
    await sql.query('DELETE FROM document_links WHERE document_id = $1', [documentId]);
  } else {
    await sql.query(
      `INSERT INTO document_links (document_id, url, title, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (document_id) DO UPDATE SET url = EXCLUDED.url, title = EXCLUDED.title,
         updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [documentId, link.url, link.title, at.toISOString(), by],
    );
  }
  caches.delete(sql);
}

export async function forgetDocumentLink(sql: SqlClient, documentId: string): Promise<void> {
  await sql.query('DELETE FROM document_links WHERE document_id = $1', [documentId]);
  caches.delete(sql);
}
