import { describe, expect, it } from 'vitest';
import { groupBySimilarity, jaccard, wordSet } from './similar-questions.js';

describe('wordSet', () => {
  it('lower-cases, strips accents and punctuation, and drops one- and two-letter words', () => {
    expect([...wordSet('¿Dónde PAGO mi multa? I do!')]).toEqual(['donde', 'pago', 'multa']);
  });

  it('keeps numbers of any length', () => {
    expect(wordSet('Form 7 and form 12')).toEqual(new Set(['form', '7', 'and', '12']));
  });
});

describe('jaccard', () => {
  it('is shared words over all words', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(), new Set(['x']))).toBe(0);
  });
});

describe('groupBySimilarity', () => {
  it('puts rephrasings of one question together and keeps other questions apart', () => {
    const questions = [
      'How do I pay a traffic ticket?',
      'Where is the courthouse parking?',
      'how can I pay my traffic ticket',
      'Pay traffic ticket online',
      'Is there parking at the courthouse?',
      'Can I bring my dog to jury duty?',
    ];
    const groups = groupBySimilarity(questions, (q) => q);
    expect(groups.map((g) => g.items)).toEqual([
      ['How do I pay a traffic ticket?', 'how can I pay my traffic ticket', 'Pay traffic ticket online'],
      ['Where is the courthouse parking?', 'Is there parking at the courthouse?'],
      ['Can I bring my dog to jury duty?'],
    ]);
  });

  it('never merges texts below the threshold', () => {
    expect(groupBySimilarity(['alpha beta', 'gamma delta'], (t) => t)).toHaveLength(2);
  });
});
