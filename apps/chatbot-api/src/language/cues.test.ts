import { describe, expect, it } from 'vitest';
import { frameWordPositions, intentsOf } from './cues.js';
import { words } from './words.js';

const frameWords = (q: string) => [...frameWordPositions(q)].map((i) => words(q)[i]);

describe('frameWordPositions', () => {
  it('marks the words of "how long does it take", not what the question is about', () => {
    expect(frameWords('How long does it take to get a divorce?')).toEqual([
      'how',
      'long',
      'does',
      'it',
      'take',
    ]);
  });

  it('marks only "mean" in "what does X mean"', () => {
    expect(frameWords('what does readily achievable mean')).toEqual(['mean']);
  });

  it('reads Spanish frames', () => {
    expect(frameWords('¿Qué pasa si no pago la multa?')).toEqual(['que', 'pasa']);
    expect(frameWords('cuanto tiempo tarda el tramite')).toEqual(['cuanto', 'tiempo', 'tarda']);
  });

  it('marks nothing in a question without a frame', () => {
    expect(frameWordPositions('how wide is a van accessible parking space').size).toBe(0);
  });

  it('leaves the intent cues reading the frame', () => {
    expect(intentsOf('how long does it take')).toContain('duration');
  });
});
