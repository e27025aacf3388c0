/** Every operation of the contract with a request that is valid apart from ids that may not exist. */
export interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  scope: 'chat' | 'ingest';
  json?: unknown;
  /** Operations with a multipart body. */
  multipart?: boolean;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const OPERATIONS: Operation[] = [
  {
    method: 'POST',
    path: '/chat/completions',
    scope: 'chat',
    json: { messages: [{ role: 'user', content: 'Hello' }] },
  },
  { method: 'GET', path: '/models', scope: 'chat' },
  { method: 'GET', path: '/models/default', scope: 'chat' },
  { method: 'POST', path: '/embeddings', scope: 'chat', json: { input: 'hello' } },
  { method: 'POST', path: '/conversations', scope: 'chat', json: {} },
  { method: 'GET', path: `/conversations/${UNKNOWN_ID}`, scope: 'chat' },
  { method: 'DELETE', path: `/conversations/${UNKNOWN_ID}`, scope: 'chat' },
  {
    method: 'POST',
    path: `/conversations/${UNKNOWN_ID}/messages`,
    scope: 'chat',
    json: { content: 'Hello' },
  },
  { method: 'POST', path: '/ingest/files', scope: 'ingest', multipart: true },
  { method: 'GET', path: `/ingest/jobs/${UNKNOWN_ID}`, scope: 'ingest' },
  {
    method: 'POST',
    path: '/ingest/crawl',
    scope: 'ingest',
    json: { namespace: 'general', seed_urls: ['http://127.0.0.1/'] },
  },
  { method: 'GET', path: `/ingest/crawl/${UNKNOWN_ID}`, scope: 'ingest' },
  { method: 'GET', path: '/documents', scope: 'ingest' },
  { method: 'GET', path: `/documents/${UNKNOWN_ID}`, scope: 'ingest' },
  { method: 'DELETE', path: `/documents/${UNKNOWN_ID}`, scope: 'ingest' },
];

export { UNKNOWN_ID };

import { type ApiResponse, call } from './http.js';
import { multipart } from './multipart.js';

/** Sends the operation's sample request with the given Authorization value (null: none). */
export function send(
  baseUrl: string,
  op: Operation,
  key: string | null,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  if (op.multipart) {
    const form = multipart([
      { name: 'file', filename: 'op-sample.txt', contentType: 'text/plain', content: 'Operation sample.' },
    ]);
    return call(baseUrl + op.path, op.method, {
      key,
      body: form.body,
      headers: { ...headers, 'content-type': form.contentType },
    });
  }
  return call(baseUrl + op.path, op.method, {
    key,
    headers,
    ...(op.json === undefined ? {} : { json: op.json }),
  });
}
