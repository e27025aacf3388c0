import type { NextFunction, Request, Response } from 'express';
import type { VerifiedKey } from '../auth/key-verifier.js';
import type { LimitDecision } from '../limits/rate-limit.js';
import { badRequest, HttpError } from './http-error.js';
import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT, readBody, tooLarge } from './read-body.js';
import { resolveRequestId } from './request-id.js';
import type { RequestContext, RouteDef } from './route.js';
import type { RouteMatch } from './router.js';

export interface PipelineOptions {
  match(method: string, path: string, search: string): RouteMatch;
  verify(authorization: string | undefined): Promise<VerifiedKey | null>;
  limit(accountId: string): LimitDecision;
}

const MULTIPART_PATH = '/v1/ingest/files';
const CONTENT_LENGTH = /^\d+$/;

/** Request flag set when a JSON route got a non-empty body that is not declared as JSON. */
const NOT_JSON = Symbol('notJson');

export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

export function unauthorized(): HttpError {
  // One body for every cause (missing, malformed, unknown, wrong secret, expired, revoked, suspended).
  return new HttpError(401, 'Incorrect API key provided.', {
    code: 'invalid_api_key',
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

async function readJsonBody(req: Request): Promise<void> {
  const raw = await readBody(req, JSON_BODY_LIMIT);
  req.body = undefined;
  if (raw.length === 0) return;
  if (!isJsonContentType(req.headers['content-type'])) {
    (req as unknown as Record<symbol, boolean>)[NOT_JSON] = true;
    return;
  }
  try {
    req.body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('We could not parse the JSON body of your request.', null);
  }
}

/**
 * Path and query of the request target, split by hand: `new URL` would read `//host/x` as a host and
 * throw on odd absolute-form targets, and neither may turn into a 500 or a wrong route.
 */
function splitTarget(target: string): { pathname: string; search: string } {
  const q = target.indexOf('?');
  const pathname = q === -1 ? target : target.slice(0, q);
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: q === -1 ? '' : target.slice(q),
  };
}

/** Only `Content-Type: application/json` bodies are accepted; checked with the other body rules, after limits. */
function assertJsonDeclared(req: Request): void {
  if ((req as unknown as Record<symbol, boolean>)[NOT_JSON]) {
    throw badRequest('Content-Type must be application/json.', null);
  }
}

/**
 * Runs the contract's order of evaluation (rule 7): Content-Length shape and cap, routing, body
 * syntax (chunked bodies capped while read), then authentication, scope, rate limits, and finally
 * the route's own validation inside its handler.
 */
export function createPipeline({ match, verify, limit }: PipelineOptions) {
  return async function pipeline(req: Request, res: Response, _next: NextFunction): Promise<void> {
    const requestId = resolveRequestId(req.headers['x-request-id']);
    res.setHeader('X-Request-ID', requestId);

    const { pathname, search } = splitTarget(req.originalUrl);
    const cap = pathname === MULTIPART_PATH ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT;
    const contentLength = req.headers['content-length'];
    if (contentLength !== undefined) {
      if (!CONTENT_LENGTH.test(contentLength)) throw badRequest('Content-Length must be an integer.', null);
      if (Number(contentLength) > cap) throw tooLarge(cap);
    }

    const found = match(req.method, pathname, search);
    if (found.kind === 'not-found') throw new HttpError(404, 'Unknown route.', { code: 'not_found' });
    if (found.kind === 'method-not-allowed') {
      throw new HttpError(405, `Method ${req.method} is not allowed on this path.`, {
        headers: { Allow: found.allow.join(', ') },
      });
    }
    if (found.kind === 'redirect') {
      res.status(307).setHeader('Location', found.location);
      res.end();
      return;
    }
    const { route, params } = found;
    req.params = params;
    if (route.body === 'json') await readJsonBody(req);
    else if (route.body === 'none') await readBody(req, JSON_BODY_LIMIT);

    const ctx = await authorize(route, req, res, requestId, { verify, limit });
    if (route.body === 'json') assertJsonDeclared(req);
    await route.handle(ctx, req, res);
  };
}

async function authorize(
  route: RouteDef,
  req: Request,
  res: Response,
  requestId: string,
  { verify, limit }: Pick<PipelineOptions, 'verify' | 'limit'>,
): Promise<RequestContext> {
  if (route.scope === null) return { requestId, accountId: '', keyId: '', scopes: [] };
  const key = await verify(req.headers.authorization);
  if (!key) throw unauthorized();
  if (!key.scopes.includes(route.scope)) {
    throw new HttpError(403, `This API key lacks the required scope: ${route.scope}.`, {
      code: 'insufficient_scope',
    });
  }
  let decision: LimitDecision;
  try {
    decision = limit(key.accountId);
  } catch {
    // The limiter's store failed: refuse briefly rather than serve unmetered, without RateLimit-* headers.
    throw new HttpError(429, 'Rate limiter unavailable; retry shortly.', {
      code: 'rate_limit_exceeded',
      headers: { 'Retry-After': '5' },
    });
  }
  if (decision.error) throw decision.error;
  for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
  return { requestId, accountId: key.accountId, keyId: key.keyId, scopes: key.scopes };
}
