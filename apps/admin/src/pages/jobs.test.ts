import { describe, expect, it } from 'vitest';
import { uploadName } from './jobs.js';

describe('uploadName', () => {
  it('names an upload by its files', () => {
    expect(uploadName(['fees.pdf'])).toBe('Upload of fees.pdf');
    expect(uploadName(['a.pdf', 'b.txt', 'c.md'])).toBe('Upload of a.pdf, b.txt, c.md');
    expect(uploadName(['a.pdf', 'b.txt', 'c.md', 'd.csv'])).toBe('Upload of a.pdf, b.txt and 2 more files');
    expect(uploadName([])).toBe('Upload');
  });
});
