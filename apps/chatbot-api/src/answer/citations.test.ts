import { describe, expect, it } from 'vitest';
import { dropUnsupportedSentences } from './citations.js';

describe('dropUnsupportedSentences', () => {
  it('drops a sentence citing a source that was not given, and keeps the others with their markers', () => {
    expect(
      dropUnsupportedSentences('Pay online. [Source 1] Call the clerk. [Source 7] Bring ID. [Source 2]', 3),
    ).toBe('Pay online. [Source 1] Bring ID. [Source 2]');
  });

  it('reads markers written before the full stop or glued to it as the sentence’s own', () => {
    expect(
      dropUnsupportedSentences('Pay online [Source 9]. Mail a check.[Source 1][Source 2] Done.', 2),
    ).toBe('Mail a check.[Source 1][Source 2] Done.');
  });

  it('keeps markers after several spaces with the sentence they follow', () => {
    expect(dropUnsupportedSentences('Fees vary.  [Source 9] The clerk helps. [Source 1]', 1)).toBe(
      'The clerk helps. [Source 1]',
    );
  });

  it('keeps line breaks between lines and drops a line left empty', () => {
    expect(
      dropUnsupportedSentences('- Online. [Source 1]\n- By fax. [Source 8]\n- In person. [Source 2]', 2),
    ).toBe('- Online. [Source 1]\n\n- In person. [Source 2]');
  });

  it('cuts a line of thousands of markers in one pass, keeping a sentence whose markers are all known', () => {
    const line = `Hello.${' [Source 1]'.repeat(20_000)} Goodbye. [Source 4]`;
    expect(dropUnsupportedSentences(line, 3)).toBe(`Hello.${' [Source 1]'.repeat(20_000)}`);
  });
});
