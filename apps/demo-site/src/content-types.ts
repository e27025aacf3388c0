import { extname } from 'node:path';

// Only the types the demo site ships. Anything else is served as bytes, never sniffed (`nosniff` is set).
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
};

export function contentTypeFor(filePath: string): string {
  return TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Text files the server rewrites placeholders in before sending. */
export function isTemplated(filePath: string): boolean {
  return ['.html', '.xml', '.txt'].includes(extname(filePath).toLowerCase());
}
