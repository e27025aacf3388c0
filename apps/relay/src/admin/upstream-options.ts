import type { RequestOptions } from '@amicus/chatbot-client';
import type { Response } from 'express';

/** Forwards the relay's request id (set by relay-core's request context) so one id spans both logs. */
export function upstreamOptions(res: Response, extra: RequestOptions = {}): RequestOptions {
  const id = res.locals.requestId as unknown;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? { ...extra, requestId: id } : extra;
}
