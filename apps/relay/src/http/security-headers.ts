import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once instead of on every request. With static options (no per-request
 * functions, e.g. CSP nonces) helmet sets the same headers on every response, but building them
 * runs a dozen middleware per request, a measurable share of the relay's cost per answer. Routes
 * that need a per-request policy (the admin pages' nonce CSP) set it themselves, as before.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  const perRequest = (value: unknown) =>
    typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function'));
  if (directives.some(perRequest)) {
    throw new Error('A CSP directive computed per request cannot be worked out once; set it in its route.');
  }
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let completed = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    completed = true;
  });
  if (!completed) throw new Error('helmet did not finish synchronously; its options need a request.');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
