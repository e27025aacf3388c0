import type { Request, Response } from 'express';

export type Scope = 'chat' | 'ingest';
export type Method = 'GET' | 'POST' | 'DELETE';

/** What an authenticated handler knows about its caller. */
export interface RequestContext {
  requestId: string;
  accountId: string;
  keyId: string;
  scopes: readonly Scope[];
}

/**
 * One operation of the API. The app builds a single route table from these so that routing
 * (404 `Unknown route.`, 405 with a sorted `Allow`) is decided before authentication, as the contract
 * orders the checks.
 */
export interface RouteDef {
  method: Method;
  /** Express-style path under the server root, e.g. `/v1/documents/:documentId`. */
  path: string;
  /** null = no key needed (only `/health`). */
  scope: Scope | null;
  /** `json`: parsed JSON object (or undefined when empty) in `req.body`; `multipart`: raw stream left unread. */
  body: 'json' | 'multipart' | 'none';
  handle(ctx: RequestContext, req: Request, res: Response): Promise<void> | void;
}
