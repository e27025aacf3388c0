import { expect } from 'vitest';
import type { ApiResponse } from './http.js';

const TYPE_FOR_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'invalid_request_error',
  404: 'invalid_request_error',
  405: 'invalid_request_error',
  413: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'server_error',
  503: 'server_error',
};

export interface ErrorEnvelope {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** Checks the envelope every error carries: `error` with exactly message, type, param, code. */
export function expectEnvelope(res: ApiResponse): ErrorEnvelope {
  expect(res.headers.get('content-type') ?? '', `content-type of ${res.text}`).toMatch(/^application\/json/);
  expect(res.body, `body: ${res.text}`).toBeTypeOf('object');
  const error = (res.body as { error?: ErrorEnvelope }).error;
  expect(error, `body: ${res.text}`).toBeTypeOf('object');
  const e = error as ErrorEnvelope;
  expect(Object.keys(e).sort()).toEqual(['code', 'message', 'param', 'type']);
  expect(typeof e.message).toBe('string');
  expect(e.param === null || typeof e.param === 'string').toBe(true);
  expect(e.code === null || typeof e.code === 'string').toBe(true);
  const type = TYPE_FOR_STATUS[res.status];
  if (type) expect(e.type, `type for ${res.status}`).toBe(type);
  return e;
}

export interface ExpectedError {
  code?: string | null;
  /** Exact param, or a RegExp for rules whose param is only fixed up to a prefix. */
  param?: string | null | RegExp;
  message?: string | RegExp;
}

/** Status plus the envelope, and the code/param/message when given. */
export function expectError(res: ApiResponse, status: number, want: ExpectedError = {}): ErrorEnvelope {
  expect(res.status, `status; body: ${res.text}`).toBe(status);
  const e = expectEnvelope(res);
  if (want.code !== undefined) expect(e.code, `code; body: ${res.text}`).toBe(want.code);
  if (want.param instanceof RegExp) expect(e.param ?? '', `param; body: ${res.text}`).toMatch(want.param);
  else if (want.param !== undefined) expect(e.param, `param; body: ${res.text}`).toBe(want.param);
  if (want.message instanceof RegExp) expect(e.message).toMatch(want.message);
  else if (want.message !== undefined) expect(e.message).toBe(want.message);
  return e;
}

/** 400 naming the field: `param` exactly, or a param starting with the field (e.g. `tools[0].function.name`). */
export function expect400(res: ApiResponse, param: string | null, { prefix = false } = {}): ErrorEnvelope {
  if (param === null || !prefix) return expectError(res, 400, { param });
  const escaped = param.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return expectError(res, 400, { param: new RegExp(`^${escaped}(?:$|[.[])`) });
}

/** Escapes a string for a RegExp. */
export function literal(s: string): RegExp {
  return new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RFC3339_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
