import { describe, expect, it } from 'vitest';
import { isNamespace, NAMESPACE_MESSAGE } from './namespace.js';

describe('isNamespace', () => {
  it('accepts lowercase letters, digits, "-" and "_", up to 64 characters', () => {
    for (const ok of ['general', 'a', '0', 'traffic-court_2026', 'a'.repeat(64)])
      expect(isNamespace(ok)).toBe(true);
  });

  it('refuses a leading "-" or "_", capitals, other characters, too long, empty and non-strings', () => {
    for (const bad of ['-a', '_a', 'General', 'a b', 'a.b', 'a'.repeat(65), '', null, 7]) {
      expect(isNamespace(bad), String(bad)).toBe(false);
    }
  });

  it('quotes the pattern in its message', () => {
    expect(NAMESPACE_MESSAGE).toBe('namespace must match ^[a-z0-9][a-z0-9_-]{0,63}$.');
  });
});
