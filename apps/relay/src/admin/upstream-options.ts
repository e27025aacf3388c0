import type { RequestOptions } from '@amicus/chatbot-client';
import type { Response } from 'express';

/** Forwards the relay's request id (set by relay-core's request context) so one id spans both logs. */
export function upstreamOptions(res: Response, extra: RequestOptions = {}): RequestOptions {
  // Checked, not trusted: the admin router's test fixture mounts it without the request context.
  const id: unknown = res.locals.requestId;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? { ...extra, requestId: id } : extra;
}
