import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { contentTypeFor, isTemplated } from './content-types.js';
import { NOT_FOUND_HTML } from './not-found-page.js';
import { resolvePublicPath } from './resolve-path.js';

export interface DemoSiteOptions {
  /** Absolute path of the directory of static files to serve. */
  publicDir: string;
  /**
   * Origin of the relay that serves widget.js, substituted for `{RELAY_URL}` in HTML.
   * A function is read on every request, so a harness can start the site before the relay exists
   * (the relay's allowed origins need the site's port, and the site needs the relay's URL).
   */
  relayUrl: string | (() => string);
  /** Content-Security-Policy header for every response; `{RELAY_URL}` inside it is substituted too. */
  csp?: string;
  /** Origin written into robots.txt and sitemap.xml (`{SITE_ORIGIN}`). Default: from the Host header. */
  siteOrigin?: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Builds the demo court site's HTTP server; the caller decides where it listens. */
export function createDemoSite(options: DemoSiteOptions): Server {
  const relayUrl = () => {
    const value = typeof options.relayUrl === 'function' ? options.relayUrl() : options.relayUrl;
    return value.replace(/\/+$/, '');
  };
  return createServer((req, res) => {
    handle(options, relayUrl, req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof HttpError ? error.message : 'Internal server error';
      if (status === 500) process.emitWarning(`demo-site: ${String(error)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(status, {
        'content-type': 'text/plain; charset=utf-8',
        ...baseHeaders(options, relayUrl),
      });
      res.end(req.method === 'HEAD' ? undefined : `${message}\n`);
    });
  });
}

async function handle(
  options: DemoSiteOptions,
  relayUrl: () => string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    throw new HttpError(405, 'Method not allowed');
  }
  const target = req.url ?? '';
  if (!target.startsWith('/')) throw new HttpError(400, 'Bad request');
  // Not `new URL()`: it would resolve `..` and read `//x` as a host, hiding both from the checks.
  const queryAt = target.indexOf('?');
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);

  const resolved = await resolvePublicPath(options.publicDir, pathname);
  if (resolved.kind === 'bad-request') throw new HttpError(400, 'Bad request');
  if (resolved.kind === 'redirect') {
    res.writeHead(301, { location: resolved.location + query, ...baseHeaders(options, relayUrl) });
    res.end();
    return;
  }

  const vars = { RELAY_URL: relayUrl(), SITE_ORIGIN: options.siteOrigin ?? originOf(req) };
  if (resolved.kind === 'not-found') {
    send(req, res, 404, 'text/html; charset=utf-8', substitute(NOT_FOUND_HTML, vars), options, relayUrl);
    return;
  }
  const bytes = await readFile(resolved.path);
  const body = isTemplated(resolved.path) ? substitute(bytes.toString('utf8'), vars) : bytes;
  send(req, res, 200, contentTypeFor(resolved.path), body, options, relayUrl);
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  options: DemoSiteOptions,
  relayUrl: () => string,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': bytes.length,
    // HTML carries the relay URL, which differs between runs: always revalidate it.
    'cache-control': contentType.startsWith('text/html') ? 'no-cache' : 'public, max-age=300',
    ...baseHeaders(options, relayUrl),
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function baseHeaders(options: DemoSiteOptions, relayUrl: () => string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (options.csp !== undefined)
    headers['content-security-policy'] = options.csp.replaceAll('{RELAY_URL}', relayUrl());
  return headers;
}

/** Replaces `{NAME}` placeholders; values are HTML-escaped because they land in attributes and XML. */
export function substitute(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Z_]+)\}/g, (match, name: string) => {
    const value = vars[name];
    return value === undefined ? match : escapeHtml(value);
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Accept only a plain host[:port] so a forged Host header cannot inject markup or a foreign scheme.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function originOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host !== undefined && HOST.test(host)) return `http://${host}`;
  return `http://127.0.0.1:${req.socket.localPort ?? 80}`;
}
