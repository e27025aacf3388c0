import type { Request, Response } from 'express';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What an authenticated handler knows about its caller. */
export interface RequestContext {
  /** The API client the bearer token was issued to; '' for unauthenticated routes. */
  clientId: string;
  /** Query parameters, first value of each. */
  query: URLSearchParams;
  /** Parsed JSON object body; `{}` when the request had none. */
  body: Record<string, unknown>;
  params: Record<string, string>;
}

/**
 * One operation. The app builds a single route table from these so that 404 (unknown endpoint) and 405
 * (wrong method, with `Allow`) are decided before authentication.
 */
export interface RouteDef {
  method: Method;
  /** Path under the server root with `:name` segments, e.g. `/v1/events/:event`. */
  path: string;
  /** `token`: a bearer access token; `none`: open (the token endpoint and /health). */
  auth: 'token' | 'none';
  /** `json`: a JSON object body is read (form-encoded too when `form` is set); `none`: ignored. */
  body: 'json' | 'json-or-form' | 'none';
  handle(ctx: RequestContext, req: Request, res: Response): Promise<void> | void;
}
