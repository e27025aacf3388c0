import type { NextFunction, Request, Response } from 'express';
import type { FaultQueue } from './faults.js';
import { badRequest, HttpError } from './http-error.js';
import { readBody } from './read-body.js';
import type { RequestContext, RouteDef } from './route.js';
import type { RouteMatch } from './router.js';

export interface PipelineOptions {
  match(method: string, path: string): RouteMatch;
  /** Resolves the API client of a bearer token; throws 401/403 HttpErrors. */
  authenticate(authorization: string | undefined): string;
  /** Test-harness failures answered in place of a routed request. */
  faults?: FaultQueue | undefined;
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parses the body of a route that takes one: a JSON object (or form fields on the token endpoint). */
function parseBody(route: RouteDef, raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (route.body === 'none' || raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (route.body === 'json-or-form' && mediaType(contentType) === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON body.', null);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The body must be a JSON object.', null);
  }
  return parsed as Record<string, unknown>;
}

function splitTarget(target: string): { pathname: string; search: string } {
  const q = target.indexOf('?');
  return { pathname: q === -1 ? target : target.slice(0, q), search: q === -1 ? '' : target.slice(q + 1) };
}

/**
 * The order of checks for every request: routing (404 unknown endpoint, 405 wrong method), then the
 * bearer token (401, 403 inactive agency), then body syntax (400), then the handler's own checks, which
 * look up the path's record (404) before validating the body (400) and before conflicts (409).
 */
export function createPipeline({ match, authenticate, faults }: PipelineOptions) {
  return async function pipeline(req: Request, res: Response, _next: NextFunction): Promise<void> {
    const { pathname, search } = splitTarget(req.originalUrl);
    const found = match(req.method, pathname);
    if (found.kind === 'not-found') {
      await readBody(req).catch(() => undefined);
      throw new HttpError(404, 'Not found.');
    }
    if (found.kind === 'method-not-allowed') {
      await readBody(req).catch(() => undefined);
      throw new HttpError(405, `The ${req.method} method is not supported for this route.`, {
        headers: { Allow: found.allow.join(', ') },
      });
    }
    const { route, params } = found;
    // Read before answering anything, so a refused request never leaves unread bytes on the socket.
    const raw = await readBody(req);
    const fault = route.path === '/health' ? null : (faults?.take() ?? null);
    if (fault) throw fault;
    const clientId = route.auth === 'token' ? authenticate(req.headers.authorization) : '';
    const query = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(search)) if (!query.has(k)) query.set(k, v);
    const ctx: RequestContext = {
      clientId,
      query,
      params,
      body: parseBody(route, raw, req.headers['content-type']),
    };
    await route.handle(ctx, req, res);
  };
}
