import { describe, expect, it } from 'vitest';
import { withoutSharedSuffix } from './titles.js';

describe('withoutSharedSuffix', () => {
  it('cuts the site-name suffix the titles share, and keeps a title whose suffix is its own', () => {
    expect(withoutSharedSuffix(['Fees | Superior Court', 'Jury duty | Superior Court'])).toEqual([
      'Fees',
      'Jury duty',
    ]);
    // As the widget's sources list: the segment counts, whichever dash sets it off.
    expect(withoutSharedSuffix(['Fees — Tribunal', 'Horario - Tribunal', 'Pre-trial motions'])).toEqual([
      'Fees',
      'Horario',
      'Pre-trial motions',
    ]);
    expect(withoutSharedSuffix(['Appeals - overview', 'Fees - Court', 'Forms - Court'])).toEqual([
      'Appeals - overview',
      'Fees',
      'Forms',
    ]);
    expect(withoutSharedSuffix(['Only one | Court'])).toEqual(['Only one | Court']);
  });
});
