import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const page = (title: string, body: string, links: string[]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;

/** A server that records the paths it was asked for: nothing should ever reach it. */
async function startCanary() {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(page('Internal', 'secret metadata', []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A small site on loopback for crawl jobs against our implementation (which reaches loopback hosts
 * only through its operator allowlist): three pages, one broken link, a page robots.txt disallows,
 * and redirects to a non-public canary server that must never be contacted.
 */
export async function startStaticSite() {
  const canary = await startCanary();
  const requested: string[] = [];
  const pages: Record<string, string> = {
    '/': page('Court home', 'Welcome to the Superior Court of Example County.', [
      '/fees',
      '/jury',
      '/missing',
      '/private',
    ]),
    '/fees': page('Filing fees', 'The filing fee for a civil complaint is 435 dollars.', ['/']),
    '/jury': page('Jury duty', 'Jurors report to the assembly room on the first floor at 8 a.m.', ['/']),
    '/private': page('Staff only', 'Internal staff directory.', ['/']),
    '/links-out': page('Links out', 'Elsewhere.', [`http://127.0.0.1:${canary.port}/linked`]),
  };
  const redirects: Record<string, string> = {
    '/to-loopback': `http://127.0.0.1:${canary.port}/redirected`,
    '/to-localhost-other-port': `http://localhost:${canary.port}/redirected-by-name`,
    '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
      return;
    }
    const location = redirects[path];
    if (location) {
      res.writeHead(302, { location }).end();
      return;
    }
    const body = pages[path];
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Uses the name `localhost`: the local target allowlists that host and port, not the 127.0.0.1 literal. */
    origin: `http://localhost:${port}`,
    host: `localhost:${port}`,
    /** Paths the site was asked for, in order. */
    requested,
    /** Paths the non-public canary was asked for (must stay empty). */
    canaryHits: canary.hits,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await canary.close();
    },
  };
}
