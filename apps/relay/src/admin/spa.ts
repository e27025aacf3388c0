import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { CODINGS, type Coding, pickCoding, setCoding } from '../widget/encoding.js';

/** The `@amicus/admin` build directory, or null when the package cannot be resolved. */
export function defaultAdminDistDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return join(dirname(require.resolve('@amicus/admin/package.json')), 'dist');
  } catch {
    return null;
  }
}

/**
 * Strict CSP for the admin pages. The nonce covers any inline script or style Vite leaves in
 * index.html; everything else must come from our own origin. The Try-it panel loads the real widget
 * from /widget.js (same origin) or a same-origin frame, so nothing wider is needed.
 */
export function adminCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin app not built</title></head>
<body><h1>The admin app is not built</h1><p>The relay is running, but the admin app's files are missing.
Build it with <code>pnpm --filter @amicus/admin build</code> and reload this page.</p></body></html>`;

function withNonce(html: string, nonce: string): string {
  return html.replace(/<(script|style)\b/gi, `<$1 nonce="${nonce}"`);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The hashed assets' brotli and gzip copies, written by the admin build (apps/admin/vite.config.ts),
 * sent as they are to browsers that accept them; anything else falls through to express.static.
 */
function precompressedAssets(assetsDir: string): RequestHandler {
  const available = new Map<string, Set<Coding>>();
  const codingsOf = (name: string): Set<Coding> => {
    let set = available.get(name);
    if (!set) {
      const path = join(assetsDir, name);
      set = new Set(
        existsSync(path) ? CODINGS.filter((c) => existsSync(path + c.suffix)).map((c) => c.coding) : [],
      );
      // Hashed names never change content: a missing file stays missing until a rebuild, which restarts.
      if (available.size < 1000) available.set(name, set);
    }
    return set;
  };
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^[A-Za-z0-9._-]+\.(js|css|svg)$/.test(name)) {
      return next();
    }
    const codings = codingsOf(name);
    const coding = pickCoding(req, (c) => codings.has(c));
    if (!coding) return next();
    const suffix = CODINGS.find((c) => c.coding === coding)?.suffix ?? '';
    res.type(name.slice(name.lastIndexOf('.')));
    setCoding(res, coding);
    res.setHeader('Cache-Control', IMMUTABLE);
    // send() keeps the Content-Type set above; its ETag (size + mtime) differs per coding.
    res.sendFile(join(assetsDir, name + suffix), { cacheControl: false }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** Serves the built SPA: hashed assets from dist/, index.html (with a fresh nonce) for app routes. */
export function createSpaRouter(distDir: string | null): Router {
  const router = Router();
  let indexHtml: string | null = null;
  const loadIndex = (): string | null => {
    // Cached once found, but looked up again while missing so a build after start is picked up.
    if (indexHtml === null && distDir && existsSync(join(distDir, 'index.html'))) {
      indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
    }
    return indexHtml;
  };

  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', adminCsp(randomBytes(16).toString('base64')));
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  if (distDir) {
    router.use('/assets', precompressedAssets(join(distDir, 'assets')));
    router.use(
      express.static(distDir, {
        index: false,
        redirect: false,
        fallthrough: true,
        setHeaders: (res, path) => {
          const immutable = path.includes(`${join(distDir, 'assets')}`);
          res.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
          // The same URL has compressed copies (above): caches must key on Accept-Encoding.
          if (immutable) setCoding(res, undefined);
        },
      }),
    );
  }
  router.use((req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).setHeader('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed.');
      return;
    }
    // A missing asset is a 404, not the app shell: serving HTML as a script would only confuse.
    if (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith('.html')) {
      res.status(404).type('text/plain').send('Not found.');
      return;
    }
    const html = loadIndex();
    if (html === null) {
      res.status(503).setHeader('Cache-Control', 'no-store').type('html').send(NOT_BUILT);
      return;
    }
    const csp = res.getHeader('Content-Security-Policy') as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(withNonce(html, nonce));
  });
  return router;
}
