import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from './query.js';

describe('analyzeQuestion', () => {
  it('keeps the words of a question frame as weak concepts that never decide coverage', () => {
    const a = analyzeQuestion('how long does it take to get a divorce', null);
    const long = a.concepts.find((c) => c.key === 'frame:long');
    expect(long?.boost).toBeLessThan(1);
    expect(a.concepts.find((c) => c.key === 'long')).toBeUndefined();
    expect(a.concepts.some((c) => c.boost >= 1)).toBe(true);
  });

  it('keeps the subject of "what does X mean" as full concepts', () => {
    const a = analyzeQuestion('what does readily achievable mean', null);
    expect(a.concepts.filter((c) => c.boost >= 1).map((c) => c.key)).toEqual(['readily', 'achievable']);
  });

  it("finds a lexicon phrase in another form of its words, by stem in the question's language only", () => {
    // "kids" is in the lexicon's child group; "kid" is not written there.
    const kid = analyzeQuestion('can the school turn away my kid', null);
    expect(kid.concepts.find((c) => c.alternatives[0]?.words[0] === 'kid')?.alternatives).toContainEqual({
      words: ['child'],
      weight: 0.85,
    });
    // Spanish "responder" (to answer) is not the English "respondent", though both stem to "respond".
    const es = analyzeQuestion('cuánto tardan en responder mi queja', null);
    const answer = es.concepts.find((c) => c.key === 'responder');
    expect(answer?.alternatives.map((a) => a.words.join(' '))).not.toContain('respondent');
  });
});
