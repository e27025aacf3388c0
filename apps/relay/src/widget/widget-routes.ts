import type { WidgetManifest } from '@amicus/protocol';
import { type Request, type Response, Router } from 'express';
import { pickCoding, setCoding } from './encoding.js';
import { loadWidgetBundle, type WidgetBundle, type WidgetFile } from './widget-assets.js';

const SHORT_CACHE = 'public, max-age=300, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** If-None-Match holds a list of ETags (weak ones compare equal too, RFC 9110 §13.1.2), or `*`. */
const matches = (header: string | undefined, etag: string) =>
  header?.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });

/**
 * Serves the built widget to court pages on other origins: `/widget.js` (short cache + ETag, the
 * URL courts paste), `/widget/v<version>/…` (immutable, pinned with the SRI hash), the panel under
 * its content-hashed name (immutable at either place), and `/widget.json`, the manifest publishing
 * the versioned URL and its `integrity`. Scripts go out as the brotli or gzip copy the build wrote,
 * whichever the browser accepts (`Vary: Accept-Encoding`, an ETag per coding). The manifest also says
 * whether court dates are offered here, which the widget reads to show its court-date action.
 */
export function widgetRoutes({
  distDir,
  publicUrl,
  courtDates = false,
}: {
  distDir: string;
  publicUrl: string | undefined;
  courtDates?: boolean;
}): Router {
  let bundle: WidgetBundle | null = null;
  let checkedAt = 0;
  // A relay started before the widget was built picks it up within a second, without a restart.
  const current = () => {
    if (bundle === null && Date.now() - checkedAt > 1000) {
      checkedAt = Date.now();
      bundle = loadWidgetBundle(distDir);
    }
    return bundle;
  };

  const send = (req: Request, res: Response, file: WidgetFile, cacheControl: string) => {
    const coding = pickCoding(req, (c) => file.encoded.has(c));
    const chosen = coding ? (file.encoded.get(coding) ?? file) : file;
    res.setHeader(
      'Content-Type',
      file.name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
    );
    res.setHeader('Cache-Control', file.immutable ? IMMUTABLE : cacheControl);
    setCoding(res, coding);
    res.setHeader('ETag', chosen.etag);
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (matches(req.get('if-none-match'), chosen.etag)) {
      res.status(304).end();
      return;
    }
    // A Buffer: Express sets Content-Length, and sends no body for HEAD.
    res.send(chosen.body);
  };

  const unavailable = (res: Response) =>
    res
      .status(503)
      .type('text/plain')
      .send('The widget is not built yet (pnpm --filter @amicus/widget build).');

  const router = Router();
  router.get('/widget.json', (_req, res) => {
    const b = current();
    if (!b) return unavailable(res);
    const base = `${publicUrl ?? ''}/widget/v${b.version}/`;
    const files = Object.fromEntries(
      [...b.files.values()].map((f) => [f.name, { url: base + f.name, integrity: f.integrity }]),
    );
    res.setHeader('Cache-Control', SHORT_CACHE);
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Court pages on other origins read it (helmet's app-wide default is same-origin).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const manifest: WidgetManifest = {
      version: b.version,
      url: `${base}widget.js`,
      integrity: b.files.get('widget.js')?.integrity ?? '',
      files,
      courtDates,
    };
    res.json(manifest);
  });
  router.get('/widget/v:version/:file', (req, res, next) => {
    const b = current();
    const file = b?.files.get(String(req.params.file));
    if (!b || req.params.version !== b.version || !file) return next();
    send(req, res, file, IMMUTABLE);
  });
  router.get('/:file', (req, res, next) => {
    const b = current();
    const name = String(req.params.file);
    if (!b && name === 'widget.js') return unavailable(res);
    const file = b?.files.get(name);
    if (!file) return next();
    send(req, res, file, SHORT_CACHE);
  });
  return router;
}
