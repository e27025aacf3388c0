import type { Extension } from '../ingest/parsers/index.js';
import { extensionOf } from '../ingest/parsers/index.js';

const BY_MIME: Record<string, Extension> = {
  'text/html': '.html',
  'application/xhtml+xml': '.html',
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'text/plain': '.txt',
  'text/markdown': '.md',
  'text/x-markdown': '.md',
  'text/csv': '.csv',
  'message/rfc822': '.eml',
};

/** A URL path with its escapes decoded; a malformed escape ("%E0%A4%A") is left as written. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Which parser a fetched resource goes to: by its Content-Type, or, for generic types servers use
 * for downloads (`application/octet-stream`, none), by the URL's extension. Null = not ingestible.
 */
export function contentKind(contentType: string, url: URL): Extension | null {
  const mime = contentType.split(';')[0]!.trim();
  const byMime = BY_MIME[mime];
  const byPath = extensionOf(decodedPath(url.pathname));
  if (byMime) {
    // text/plain is also what static servers send for .md and .csv.
    if (byMime === '.txt' && (byPath === '.md' || byPath === '.csv')) return byPath;
    return byMime;
  }
  if (mime === '' || mime === 'application/octet-stream' || mime === 'binary/octet-stream')
    return byPath === '.htm' ? '.html' : byPath;
  return null;
}

/** A Content-Type reduced to safe characters, for skip messages staff read. */
export function safeMime(contentType: string): string {
  return (
    (contentType.split(';')[0] ?? '')
      .trim()
      .replace(/[^a-z0-9.+/-]/gi, '')
      .slice(0, 80) || 'none'
  );
}

/**
 * Text resources in another charset (Content-Type `charset=`, or an HTML `<meta charset>`) are
 * re-encoded as UTF-8, which is what the parsers read. Unknown charsets are left as they are.
 */
export function toUtf8(body: Buffer, contentType: string, ext: string): Buffer {
  if (ext === '.pdf' || ext === '.docx' || ext === '.xlsx') return body;
  let charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset && ext === '.html') {
    const head = body.subarray(0, 2048).toString('latin1');
    charset = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  }
  if (!charset || /^utf-?8$/i.test(charset)) return body;
  try {
    return Buffer.from(new TextDecoder(charset).decode(body), 'utf8');
  } catch {
    return body;
  }
}
