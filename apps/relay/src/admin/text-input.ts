import { invalid } from './admin-error.js';

// C0 controls (NUL included), DEL and C1 controls. No admin field has a use for them, and NUL is a
// character PostgreSQL text cannot hold at all, so letting one through turns a typo into a 500.
const CONTROL = /\p{Cc}/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** A 400 naming the field when `value` holds a control character; the value itself otherwise. */
export function withoutControlCharacters(value: string, param: string): string {
  if (hasControlCharacters(value)) throw invalid(`${param} must not contain control characters.`, param);
  return value;
}

/**
 * What a rejected input is recorded as (the audit log keeps what was tried): NUL becomes U+FFFD,
 * since PostgreSQL text and jsonb refuse it; other characters are kept as sent.
 */
export function storable(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD');
}

/** `storable` applied to every string (and key) of a JSON-like value. */
export function storableDeep(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableDeep(v)]));
  }
  return value;
}
