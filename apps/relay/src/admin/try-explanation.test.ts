import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readExplanation } from './try-explanation.js';

describe('readExplanation', () => {
  it('reads our chatbot-api’s explanation into the admin shape', () => {
    const e = readExplanation({
      amicus_explanation: {
        language: 'es',
        intents: ['amount'],
        followUp: true,
        concepts: [{ key: 'multa', weight: 2, known: true, corrected: 'multa' }],
        passages: [
          {
            title: 'Multas',
            source: 'https://court.example/es/multas',
            headings: ['Pagar'],
            score: 0.5,
            coverage: 0.75,
            matched: ['multa'],
            missing: ['tarjeta'],
            sections: [
              { headings: ['Multas', 'Plazos'], score: 0.4, coverage: 0.5, missing: ['multa'] },
              'junk',
            ],
          },
        ],
        outcome: 'answered',
        reason: 'covered',
      },
    });
    expect(e).toEqual({
      language: 'es',
      intents: ['amount'],
      follow_up: true,
      concepts: [{ key: 'multa', label: null, weight: 2, known: true, corrected: 'multa' }],
      passages: [
        {
          title: 'Multas',
          source: 'https://court.example/es/multas',
          headings: ['Pagar'],
          score: 0.5,
          coverage: 0.75,
          matched: ['multa'],
          missing: ['tarjeta'],
          sections: [{ headings: ['Multas', 'Plazos'], score: 0.4, coverage: 0.5, missing: ['multa'] }],
        },
      ],
      outcome: 'answered',
      reason: 'covered',
    });
  });

  it('is null without an explanation (the provider)', () => {
    expect(readExplanation({ choices: [] })).toBeNull();
    expect(readExplanation(null)).toBeNull();
    expect(readExplanation({ amicus_explanation: 'why' })).toBeNull();
  });

  it('never throws and bounds what it keeps, whatever the upstream sends', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, maxDepth: 4 }), (junk) => {
        const e = readExplanation({ amicus_explanation: junk });
        if (e === null) return;
        expect(e.passages.length).toBeLessThanOrEqual(20);
        for (const p of e.passages) expect(p.sections.length).toBeLessThanOrEqual(8);
        expect(e.concepts.length).toBeLessThanOrEqual(50);
        expect(['answered', 'not_found', 'legal_advice', 'small_talk', 'unknown']).toContain(e.outcome);
        for (const c of e.concepts) expect(Number.isFinite(c.weight)).toBe(true);
      }),
    );
    const many = readExplanation({
      amicus_explanation: {
        passages: Array.from({ length: 500 }, () => ({
          title: 't'.repeat(10_000),
          score: Number.NaN,
          sections: Array.from({ length: 100 }, () => ({ headings: ['h'.repeat(1_000)], score: 'high' })),
        })),
        outcome: 'hacked',
        reason: '\u0000evil',
      },
    });
    expect(many?.passages).toHaveLength(20);
    expect(many?.passages[0]?.title.length).toBeLessThanOrEqual(300);
    expect(many?.passages[0]?.score).toBe(0);
    expect(many?.passages[0]?.sections).toHaveLength(8);
    expect(many?.passages[0]?.sections[0]).toEqual({
      headings: ['h'.repeat(300)],
      score: 0,
      coverage: 0,
      missing: [],
    });
    expect(many?.outcome).toBe('unknown');
    expect(many?.reason).toBe('evil');
  });
});
