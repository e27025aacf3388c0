import type { WireDocumentLink } from '@amicus/protocol/admin';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { notFound } from './admin-error.js';
import { appendAudit } from './audit.js';
import { clientIp, signedIn } from './auth/guard.js';
import { documentLinks, readDocumentLink, saveDocumentLink } from './document-links.js';
import { nameOf } from './document-names.js';
import { isUuid } from './query-params.js';
import { adminErrorFromUpstream } from './upstream-error.js';
import { upstreamOptions } from './upstream-options.js';

/** A document's public link and display title: read, and set by staff (audited). */
export function createDocumentLinkRoutes(deps: RelayDeps): Router {
  const router = Router();

  router.get('/documents/:id/link', async (req: Request<{ id: string }>, res: Response) => {
    const id = req.params.id;
    if (!isUuid(id)) throw notFound('No such document.');
    const link = (await documentLinks(deps.sql)).get(id.toLowerCase()) ?? { url: null, title: null };
    const body: WireDocumentLink = { document_id: id.toLowerCase(), ...link };
    res.json(body);
  });

  router.put('/documents/:id/link', async (req: Request<{ id: string }>, res: Response) => {
    const { username } = signedIn(res);
    const raw = req.params.id;
    if (!isUuid(raw)) throw notFound('No such document.');
    const id = raw.toLowerCase();
    const link = readDocumentLink(req.body);
    // Only a document that exists gets a link: an id typed by hand must not leave rows behind.
    const doc = await deps.upstream.ingest.getDocument(id, upstreamOptions(res)).catch((error: unknown) => {
      throw adminErrorFromUpstream(error);
    });
    await saveDocumentLink(deps.sql, id, link, deps.now(), username);
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'document.link',
      target: id,
      ip: clientIp(req),
      result: 'success',
      detail: { name: nameOf(doc), url: link.url, title: link.title },
    });
    const body: WireDocumentLink = { document_id: id, ...link };
    res.json(body);
  });

  return router;
}
