import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Origins the fixtures write where the real one belongs: the ADA.gov and FOIA.gov fixtures name
 * http://localhost:8000 (their READMEs ask to rewrite it), the demo site's own server fills
 * `{SITE_ORIGIN}` and `{RELAY_URL}`. Here all become the loopback origin actually served.
 */
const PLACEHOLDERS = ['http://localhost:8000', '{SITE_ORIGIN}', '{RELAY_URL}'];
const TEXT = new Set(['.html', '.xml', '.txt']);

export interface ServedSite {
  origin: string;
  close(): Promise<void>;
}

/** Serves a static site directory on 127.0.0.1 and a free port, `folder/` → `folder/index.html`. */
export async function serveSite(dir: string): Promise<ServedSite> {
  const root = resolve(dir);
  let origin = '';
  const server = createServer(async (req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) return notFound(res);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body: Buffer | string = await readFile(file);
      if (TEXT.has(extname(file))) {
        body = body.toString('utf8');
        for (const p of PLACEHOLDERS) body = body.replaceAll(p, origin);
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      notFound(res);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

function notFound(res: import('node:http').ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<html><body><h1>Not found</h1></body></html>');
}
