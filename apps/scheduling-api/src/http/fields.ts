import { badRequest } from './http-error.js';

const MAX_TEXT = 10_000;

/**
 * A string field of a JSON body: undefined when absent, null when sent as null (clears it on update),
 * else a string of at most 10,000 characters. Numbers are accepted and read as their decimal text, since
 * many callers send references and phone numbers as numbers.
 */
export function optionalText(body: Record<string, unknown>, field: string): string | null | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') throw badRequest(`The ${field} field must be a string.`, field);
  if (v.length > MAX_TEXT)
    throw badRequest(`The ${field} field must be at most ${MAX_TEXT} characters.`, field);
  return v;
}

const TRUTHY = new Set(['1', 'true', 'yes', 'y']);
const FALSY = new Set(['0', 'false', 'no', 'n', '']);

/**
 * The text of a scalar JSON value, or undefined for an object or array. Never `String(v)` on an object: a
 * body's own "toString" or "valueOf" key would make that throw.
 */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A flag sent as a boolean, 0/1 or one of the words true/yes/y (false/no/n); undefined when absent. */
export function optionalFlag(body: Record<string, unknown>, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  const s = scalarText(v)?.trim().toLowerCase();
  if (s !== undefined && TRUTHY.has(s)) return true;
  if (s !== undefined && FALSY.has(s)) return false;
  throw badRequest(`The ${field} field must be true or false.`, field);
}

/** A non-negative integer (number or digit string); undefined when absent. */
export function optionalCount(body: Record<string, unknown>, field: string, max: number): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d+$/.test(s) || Number(s) > max) {
    throw badRequest(`The ${field} field must be an integer from 0 to ${max}.`, field);
  }
  return Number(s);
}
