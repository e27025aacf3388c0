import { describe, expect, it } from 'vitest';
import { namespaceError } from '../validation/namespace.js';
import { parseOrigin } from './origins-editor.js';

describe('parseOrigin', () => {
  it('keeps scheme, host and port, lower-cased', () => {
    expect(parseOrigin(' https://WWW.Court.example.gov ')).toEqual({
      origin: 'https://www.court.example.gov',
    });
    expect(parseOrigin('http://127.0.0.1:8080/')).toEqual({ origin: 'http://127.0.0.1:8080' });
  });

  it('refuses paths, other schemes and bare host names, saying what to enter', () => {
    expect(parseOrigin('https://court.example.gov/help')).toHaveProperty(
      'error',
      expect.stringMatching(/without a path/),
    );
    expect(parseOrigin('ftp://court.example.gov')).toHaveProperty(
      'error',
      expect.stringMatching(/https:\/\//),
    );
    expect(parseOrigin('court.example.gov')).toHaveProperty('error', expect.stringMatching(/full address/));
  });
});

describe('namespaceError', () => {
  it('follows the contract pattern ^[a-z0-9][a-z0-9_-]{0,63}$', () => {
    expect(namespaceError('general')).toBeNull();
    expect(namespaceError('a'.repeat(64))).toBeNull();
    expect(namespaceError('a'.repeat(65))).toMatch(/at most 64/);
    expect(namespaceError('-court')).toMatch(/starting with a letter or digit/);
    expect(namespaceError('Court')).toMatch(/lowercase/);
  });
});
