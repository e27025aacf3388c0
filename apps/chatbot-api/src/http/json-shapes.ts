import { badRequest } from './http-error.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The whole body must be a JSON object; param is null because no single field is at fault. */
export function requireObjectBody(body: unknown, { emptyAsObject = false } = {}): JsonObject {
  if (body === undefined && emptyAsObject) return {};
  if (body === undefined) throw badRequest('A JSON object body is required.', null);
  if (!isObject(body)) throw badRequest('The request body must be a JSON object.', null);
  return body;
}

/** Optional fields: absent and JSON null both mean "not sent" (the OpenAI clients send either). */
export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}
