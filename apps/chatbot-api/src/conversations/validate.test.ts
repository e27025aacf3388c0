import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { validateAddMessage, validateCreateConversation } from './validate.js';

const emoji = '\u{1F600}';

function paramOf(run: () => unknown): string | null | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return err.param;
    throw err;
  }
  return undefined;
}

describe('validateCreateConversation', () => {
  it('counts metadata key and value limits in characters (code points)', () => {
    const meta = (metadata: Record<string, string>) => () => validateCreateConversation({ metadata });
    expect(paramOf(meta({ [emoji.repeat(40)]: emoji.repeat(300) }))).toBeUndefined();
    expect(paramOf(meta({ [emoji.repeat(64)]: 'v' }))).toBeUndefined();
    expect(paramOf(meta({ [emoji.repeat(65)]: 'v' }))).toBe('metadata');
    expect(paramOf(meta({ k: emoji.repeat(513) }))).toBe('metadata');
    expect(paramOf(meta({ '': 'v' }))).toBe('metadata');
  });
});

describe('validateAddMessage', () => {
  it('accepts 100,000 emoji of content and rejects one more', () => {
    expect(paramOf(() => validateAddMessage({ content: emoji.repeat(100_000) }))).toBeUndefined();
    expect(paramOf(() => validateAddMessage({ content: emoji.repeat(100_001) }))).toBe('content');
  });
});
