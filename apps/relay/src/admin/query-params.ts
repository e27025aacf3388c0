import type { Request } from 'express';
import { invalid } from './admin-error.js';
import { withoutControlCharacters } from './text-input.js';

/**
 * One query value as a string, or undefined; repeated or nested values and control characters are a
 * 400 naming the parameter, not a crash further down (every query value of the admin API comes here).
 */
export function queryString(req: Request, name: string, maxLength = 256): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > maxLength) {
    throw invalid(`${name} must be a single value of at most ${maxLength} characters.`, name);
  }
  withoutControlCharacters(value, name);
  return value === '' ? undefined : value;
}

export function queryInt(req: Request, name: string, min: number, max: number, fallback: number): number {
  const raw = queryString(req, name, 16);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}.`, name);
  }
  return value;
}

export function queryEnum<T extends string>(
  req: Request,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = queryString(req, name, 64);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw invalid(`${name} must be one of ${allowed.join(', ')}.`, name);
  }
  return raw as T;
}

export function queryDate(req: Request, name: string): Date | undefined {
  const raw = queryString(req, name, 64);
  if (raw === undefined) return undefined;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw invalid(`${name} must be an RFC 3339 date-time.`, name);
  return date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Upstream ids are UUIDs; checking here keeps junk out of upstream URLs and the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
